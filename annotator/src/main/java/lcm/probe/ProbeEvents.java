package lcm.probe;

import lcm.source.UserError;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
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
 * E exec site t0 t1 team [parent]            a fragment execution (team 0: not known; parent: the
 *                                            execution it is nested in, 0 or absent: none)
 * P exec t0 t1                               a span with parallel work in the execution
 * B|T|W|X exec thread t0 t1                  busy (own code | in a task), waiting (own | in a task)
 * # end
 * </pre>
 *
 * <p>The Java agent writes only the header and site lines here ({@code format=records}); its
 * executions and thread states are in a binary log of its own, read by {@link JavaEventLog}.
 * Both are fed to {@link LostCycles} in time order ({@link #replay}).
 */
public record ProbeEvents(Map<String, String> header, Map<Integer, String[]> sites, List<Execution> executions,
                          List<Span> phases, List<Interval> intervals) {

    /** One execution of a fragment site; parent: the execution it is nested in (0: none). */
    public record Execution(long exec, int site, long t0, long t1, int team, long parent) {

        public Execution(long exec, int site, long t0, long t1, int team) {
            this(exec, site, t0, t1, team, 0);
        }
    }

    /** A span of an execution. */
    public record Span(long exec, long t0, long t1) {
    }

    /** A thread's span in one state for one execution. */
    public record Interval(char kind, long exec, long thread, long t0, long t1) {

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

    /**
     * Feeds the events to a sweep in time order: at one instant executions open first, then
     * states and phases begin, then they end, then executions close.
     */
    public void replay(LostCycles sweep) {
        int n = 2 * (executions.size() + phases.size() + intervals.size());
        long[] time = new long[n];
        int[] order = new int[n];
        int k = 0;
        for (int i = 0; i < executions.size(); i++) {
            Execution e = executions.get(i);
            time[k] = e.t0();
            order[k++] = encode(0, 0, i);
            time[k] = e.t1();
            order[k++] = encode(3, 0, i);
        }
        for (int i = 0; i < phases.size(); i++) {
            Span s = phases.get(i);
            time[k] = s.t0();
            order[k++] = encode(1, 1, i);
            time[k] = Math.max(s.t0(), s.t1());
            order[k++] = encode(2, 1, i);
        }
        for (int i = 0; i < intervals.size(); i++) {
            Interval v = intervals.get(i);
            time[k] = v.t0();
            order[k++] = encode(1, 2, i);
            time[k] = Math.max(v.t0(), v.t1());
            order[k++] = encode(2, 2, i);
        }
        Integer[] idx = new Integer[n];
        for (int i = 0; i < n; i++) {
            idx[i] = i;
        }
        Arrays.sort(idx, (a, b) -> time[a] != time[b] ? Long.compare(time[a], time[b])
                : Integer.compare(order[a] >>> 29, order[b] >>> 29));
        for (Integer i : idx) {
            int rank = order[i] >>> 29;
            int list = (order[i] >>> 27) & 3;
            int at = order[i] & ((1 << 27) - 1);
            switch (list) {
                case 0 -> {
                    Execution e = executions.get(at);
                    if (rank == 0) {
                        sweep.open(time[i], e.exec(), e.site(), e.parent());
                    } else {
                        sweep.close(time[i], e.exec());
                    }
                }
                case 1 -> sweep.phase(time[i], phases.get(at).exec(), rank == 1 ? 1 : -1);
                default -> {
                    Interval v = intervals.get(at);
                    sweep.thread(time[i], v.kind(), v.exec(), rank == 1 ? 1 : -1, v.thread());
                }
            }
        }
    }

    /** Rank at one instant (0 open, 1 begin, 2 end, 3 close), list (executions, phases, intervals), index. */
    private static int encode(int rank, int list, int index) {
        if (index >= 1 << 27) {
            throw UserError.of("too many probe events to replay in memory (" + index + ")");
        }
        return rank << 29 | list << 27 | index;
    }
}
