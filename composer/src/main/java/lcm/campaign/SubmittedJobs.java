package lcm.campaign;

import lcm.source.UserError;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The jobs a campaign submitted, one line each in its {@code slurm/jobs} file:
 * {@code job=14 offset=0 tasks=0-7,9 cpus=exclusive submitted=2026-11-27T04:00:00Z}. Array task
 * {@code i} of job 14 runs campaign task {@code offset + i}. Tasks refused at a submission (their
 * point needs more CPUs than the nodes have) are a line too:
 * {@code refused=8,10 node-cpus=2 submitted=2026-11-27T04:00:00Z}.
 */
public final class SubmittedJobs {

    private SubmittedJobs() {
    }

    /** One sbatch call: the job's id, the offset of its array indices, the campaign tasks it runs. */
    public record Job(String id, int offset, List<Integer> tasks, String cpus, String submitted) {
        public Job {
            tasks = List.copyOf(tasks);
        }

        public String line() {
            return "job=" + id + " offset=" + offset + " tasks=" + ranges(tasks) + " cpus=" + cpus + " submitted=" + submitted;
        }

        /** Slurm's name of the array task that runs campaign task {@code task}: {@code 14_3}. */
        public String arrayTask(int task) {
            return id + "_" + (task - offset);
        }
    }

    /** The line that records tasks refused at a submission. */
    public static String refusedLine(List<Integer> tasks, int nodeCpus, String submitted) {
        return "refused=" + ranges(tasks) + " node-cpus=" + nodeCpus + " submitted=" + submitted;
    }

    /** The tasks the last submission that refused any refused, with the most CPUs a node had then. */
    public static Map<Integer, Integer> refused(Path file) {
        Map<Integer, Integer> out = new LinkedHashMap<>();
        for (String line : lines(file)) {
            if (line.startsWith("refused=")) {
                Map<String, String> kv = fields(line);
                out.clear();
                int cpus = Integer.parseInt(kv.get("node-cpus"));
                parse(kv.get("refused")).forEach(t -> out.put(t, cpus));
            }
        }
        return out;
    }

    private static List<String> lines(Path file) {
        if (!Files.exists(file)) {
            return List.of();
        }
        try {
            return Files.readAllLines(file, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw UserError.of(file + ": cannot read: " + e.getMessage());
        }
    }

    private static Map<String, String> fields(String line) {
        Map<String, String> kv = new LinkedHashMap<>();
        for (String f : line.strip().split("\\s+")) {
            int eq = f.indexOf('=');
            if (eq > 0) {
                kv.put(f.substring(0, eq), f.substring(eq + 1));
            }
        }
        return kv;
    }

    public static List<Job> read(Path file) {
        List<Job> out = new ArrayList<>();
        List<String> lines = lines(file);
        for (int i = 0; i < lines.size(); i++) {
            if (lines.get(i).isBlank() || lines.get(i).startsWith("refused=")) {
                continue;
            }
            Map<String, String> kv = fields(lines.get(i));
            try {
                out.add(new Job(kv.get("job"), Integer.parseInt(kv.get("offset")), parse(kv.get("tasks")),
                        kv.getOrDefault("cpus", "?"), kv.getOrDefault("submitted", "?")));
            } catch (RuntimeException e) {
                throw UserError.of(file + ":" + (i + 1) + ": not a job line (job=ID offset=N tasks=A-B,C ...)");
            }
        }
        return out;
    }

    /** {@code 0-7,9}: ascending numbers as ranges. */
    public static String ranges(List<Integer> ids) {
        List<Integer> s = ids.stream().sorted().toList();
        StringBuilder b = new StringBuilder();
        for (int i = 0; i < s.size(); ) {
            int j = i;
            while (j + 1 < s.size() && s.get(j + 1) == s.get(j) + 1) {
                j++;
            }
            if (b.length() > 0) {
                b.append(',');
            }
            b.append(s.get(i));
            if (j > i) {
                b.append('-').append(s.get(j));
            }
            i = j + 1;
        }
        return b.toString();
    }

    static List<Integer> parse(String ranges) {
        List<Integer> out = new ArrayList<>();
        for (String part : ranges.split(",")) {
            int dash = part.indexOf('-');
            if (dash < 0) {
                out.add(Integer.parseInt(part));
            } else {
                for (int k = Integer.parseInt(part.substring(0, dash)); k <= Integer.parseInt(part.substring(dash + 1)); k++) {
                    out.add(k);
                }
            }
        }
        return out;
    }
}
