package lcm.probe;

import lcm.source.UserError;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The runs recorded in a pp file written by lcm measure: each run's header line
 * {@code # run: p = 2 processors; time T s (...); command C s; n = 256} gives its point (the
 * variables and p) and the program's measured time T; the pp lines after it, up to the next run
 * header, are its fragment executions, whose categories it sums. The {@code # machine:} line
 * before it gives the machine's processors and the load average after the run.
 */
public final class MeasuredRuns {

    /**
     * One run: its variables (p included), its measured time in seconds, the line of its header,
     * and the sums of its fragment executions' categories (pc, li, ip, sl: processor-seconds);
     * {@code load} is the 1-minute load average the header recorded after the run (NaN when it
     * has none), {@code processors} the machine's processors (0 when not recorded).
     */
    public record Run(Map<String, Double> point, double time, int line, Map<String, Double> categories, double load,
                      int processors) {
        public Run {
            categories = Map.copyOf(categories);
        }

        /** Whether the machine was busier than its processors: load average above the processor count. */
        public boolean loaded() {
            return processors > 0 && load > processors;
        }
    }

    private static final Pattern CATEGORY = Pattern.compile("\\s(pc|li|ip|sl|cl|rc)=([0-9.eE+-]+)");

    private static final Pattern RUN = Pattern.compile(
            "^# run: p = (\\d+) processors; time ([0-9.eE+-]+) s[^;]*;[^;]*(;.*)?$");

    /** {@code # machine: host, cpu, 16 processors, Linux ...; load average 0.14 0.03 0.01 (...)} */
    private static final Pattern MACHINE = Pattern.compile("^# machine: .*?(\\d+) processors.*?(?:; load average ([0-9.]+))?[^;]*$");

    private MeasuredRuns() {
    }

    public static List<Run> read(Path file) {
        List<String> lines;
        try {
            lines = Files.readAllLines(file);
        } catch (IOException e) {
            throw UserError.of(file + ": cannot read: " + e.getMessage());
        }
        List<Run> runs = new ArrayList<>();
        double load = Double.NaN;
        int processors = 0;
        for (int i = 0; i < lines.size(); i++) {
            Matcher machine = MACHINE.matcher(lines.get(i));
            if (machine.matches()) {
                processors = Integer.parseInt(machine.group(1));
                load = machine.group(2) == null ? Double.NaN : Double.parseDouble(machine.group(2));
                continue;
            }
            Matcher m = RUN.matcher(lines.get(i));
            if (!m.matches()) {
                continue;
            }
            Map<String, Double> point = new LinkedHashMap<>();
            if (m.group(3) != null) {
                for (String kv : m.group(3).substring(1).split(";")) {
                    String[] f = kv.split("=");
                    if (f.length == 2) {
                        point.put(f[0].strip(), Double.parseDouble(f[1].strip()));
                    }
                }
            }
            point.put("p", Double.parseDouble(m.group(1)));
            Map<String, Double> sums = new LinkedHashMap<>();
            for (String c : List.of("pc", "li", "ip", "sl")) {
                sums.put(c, 0.0);
            }
            for (int j = i + 1; j < lines.size() && !lines.get(j).startsWith("# run:"); j++) {
                if (lines.get(j).startsWith("tag=")) {
                    Matcher c = CATEGORY.matcher(lines.get(j));
                    while (c.find()) {
                        sums.merge(c.group(1), Double.parseDouble(c.group(2)), Double::sum);
                    }
                }
            }
            runs.add(new Run(point, Double.parseDouble(m.group(2)), i + 1, sums, load, processors));
            load = Double.NaN;
            processors = 0;
        }
        if (runs.isEmpty()) {
            throw UserError.of(file + ": no run headers ('# run: p = ...'): not a pp file written by lcm measure");
        }
        return runs;
    }
}
