package lcm.probe;

import lcm.source.UserError;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A probe event file, as the Java agent and the OMPT tool write it: per fragment execution its
 * site and time span, the spans in which it had parallel work (Work_Exists), and per thread the
 * spans it was busy for an execution, busy in one of its tasks, or waiting. Times in nanoseconds.
 *
 * <pre>
 * # lcm-probe runtime=java|openmp key=value ...
 * S site tag TAG | S site MODULE OFFSET      where a site is: a fragment tag, or a code address
 * E exec site t0 t1 team [parent]            an execution (team 0: not known; parent: the fragment
 *                                            execution it runs in, 0 or absent: none)
 * P exec t0 t1                               a span with parallel work in the execution
 * B|T|W|X exec thread t0 t1                  busy (own code | in a task), waiting (own | in a task)
 * # end
 * </pre>
 */
public record ProbeEvents(Map<String, String> header, Map<Integer, String[]> sites, List<Execution> executions,
                          List<Span> phases, List<Interval> intervals) {

    /** One execution of a site; parent: the execution it is nested in (0: none). */
    public record Execution(long exec, int site, long t0, long t1, int team, long parent) {
    }

    /** A span of an execution. */
    public record Span(long exec, long t0, long t1) {
    }

    /** A thread's span in one state for one execution. */
    public record Interval(char kind, long exec, long thread, long t0, long t1) {

        boolean busy() {
            return kind == 'B' || kind == 'T';
        }

        boolean inTask() {
            return kind == 'T' || kind == 'X';
        }
    }

    public String runtime() {
        return header.getOrDefault("runtime", "?");
    }

    /** Reads a complete event file; a file without its end line (the run died) is an error. */
    public static ProbeEvents read(Path file) {
        List<String> lines;
        try {
            lines = Files.readAllLines(file);
        } catch (IOException e) {
            throw UserError.of(file + ": cannot read the probe's events: " + e.getMessage());
        }
        if (lines.isEmpty() || !lines.get(lines.size() - 1).equals("# end")) {
            throw UserError.of(file + ": the probe's events are incomplete (the run did not end normally)");
        }
        Map<String, String> header = new LinkedHashMap<>();
        Map<Integer, String[]> sites = new LinkedHashMap<>();
        List<Execution> execs = new ArrayList<>();
        List<Span> phases = new ArrayList<>();
        List<Interval> intervals = new ArrayList<>();
        int number = 0;
        for (String line : lines) {
            number++;
            if (line.startsWith("# lcm-probe")) {
                for (String kv : line.substring(11).trim().split("\\s+")) {
                    int eq = kv.indexOf('=');
                    if (eq > 0) {
                        header.put(kv.substring(0, eq), kv.substring(eq + 1));
                    }
                }
                continue;
            }
            if (line.startsWith("#") || line.isBlank()) {
                continue;
            }
            String[] f = line.split(" ");
            try {
                switch (f[0]) {
                    case "S" -> sites.put(Integer.parseInt(f[1]), new String[] {f[2], f[3]});
                    case "E" -> execs.add(new Execution(Long.parseLong(f[1]), Integer.parseInt(f[2]),
                            Long.parseLong(f[3]), Long.parseLong(f[4]), Integer.parseInt(f[5]),
                            f.length > 6 ? Long.parseLong(f[6]) : 0));
                    case "P" -> phases.add(new Span(Long.parseLong(f[1]), Long.parseLong(f[2]), Long.parseLong(f[3])));
                    case "B", "T", "W", "X" -> intervals.add(new Interval(f[0].charAt(0), Long.parseLong(f[1]),
                            Long.parseLong(f[2]), Long.parseLong(f[3]), Long.parseLong(f[4])));
                    default -> throw new NumberFormatException("unknown record " + f[0]);
                }
            } catch (RuntimeException e) {
                throw UserError.of(file + ":" + number + ": bad probe event line: " + line);
            }
        }
        return new ProbeEvents(Map.copyOf(header), Map.copyOf(sites), List.copyOf(execs), List.copyOf(phases),
                List.copyOf(intervals));
    }
}
