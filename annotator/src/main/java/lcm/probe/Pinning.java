package lcm.probe;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * Which processors a child process runs on: the processors this process may use (Linux's
 * {@code Cpus_allowed_list}, else 0 to the available count less one), split into the first p,
 * where a measured program runs, and the rest, where a co-runner runs; and the {@code taskset}
 * words that pin a child there. Without {@code taskset} nothing is pinned, and the scheduler
 * places the child's threads where it likes ({@link #available()} says whether pinning works).
 */
public final class Pinning {

    private final List<Integer> processors;
    private final boolean available;

    private Pinning(List<Integer> processors, boolean available) {
        this.processors = List.copyOf(processors);
        this.available = available;
    }

    /** This process's processors, and whether taskset is on the PATH. */
    public static Pinning here() {
        return new Pinning(allowed(), Toolchain.onPath("taskset").isPresent());
    }

    /** Processors {@code processors} with or without taskset (tests). */
    public static Pinning of(List<Integer> processors, boolean taskset) {
        return new Pinning(processors, taskset);
    }

    public List<Integer> processors() {
        return processors;
    }

    public int count() {
        return processors.size();
    }

    /** Whether a child can be pinned (taskset is there). */
    public boolean available() {
        return available;
    }

    /** The first {@code p} processors. */
    public List<Integer> first(int p) {
        return processors.subList(0, Math.min(p, processors.size()));
    }

    /** The processors after the first {@code p}. */
    public List<Integer> rest(int p) {
        return processors.subList(Math.min(p, processors.size()), processors.size());
    }

    /** The words that pin a command to {@code cpus} ({@code taskset -c 0,1}); none without taskset. */
    public List<String> prefix(List<Integer> cpus) {
        if (!available || cpus.isEmpty()) {
            return List.of();
        }
        return List.of("taskset", "-c", cpus.stream().map(String::valueOf).collect(Collectors.joining(",")));
    }

    /** The processors as a reader writes them: {@code 0}, {@code 0-3}, {@code 0,2,5}. */
    public static String text(List<Integer> cpus) {
        if (cpus.isEmpty()) {
            return "none";
        }
        boolean contiguous = true;
        for (int i = 1; i < cpus.size(); i++) {
            contiguous &= cpus.get(i) == cpus.get(i - 1) + 1;
        }
        if (cpus.size() == 1) {
            return String.valueOf(cpus.get(0));
        }
        return contiguous ? cpus.get(0) + "-" + cpus.get(cpus.size() - 1)
                : cpus.stream().map(String::valueOf).collect(Collectors.joining(","));
    }

    /** A processor list as Linux writes it ({@code 0-3,8,10-11}); empty on a malformed list. */
    public static List<Integer> parseList(String text) {
        List<Integer> out = new ArrayList<>();
        for (String part : text.strip().split(",")) {
            if (part.isBlank()) {
                continue;
            }
            String[] range = part.strip().split("-");
            try {
                int from = Integer.parseInt(range[0]);
                int to = range.length > 1 ? Integer.parseInt(range[1]) : from;
                for (int c = from; c <= to; c++) {
                    out.add(c);
                }
            } catch (NumberFormatException e) {
                return List.of();
            }
        }
        return out;
    }

    private static List<Integer> allowed() {
        int count = Runtime.getRuntime().availableProcessors();
        Optional<List<Integer>> listed = Optional.empty();
        try {
            for (String line : Files.readAllLines(Path.of("/proc/self/status"))) {
                if (line.startsWith("Cpus_allowed_list:")) {
                    listed = Optional.of(parseList(line.substring(line.indexOf(':') + 1)));
                }
            }
        } catch (IOException | RuntimeException e) {
            listed = Optional.empty();
        }
        // the JVM's count can be lower than the affinity mask (a container's CPU quota): take as many
        if (listed.isPresent() && listed.get().size() >= count) {
            return listed.get().subList(0, count);
        }
        List<Integer> out = new ArrayList<>();
        for (int c = 0; c < count; c++) {
            out.add(c);
        }
        return out;
    }
}
