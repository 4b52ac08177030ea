package lcm.pp;

import lcm.expr.NumberText;
import lcm.expr.Numbers;
import lcm.source.Diagnostics;

import java.nio.file.Path;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The header lines of a pp file that lcm reads back, written and read here (docs/measure.md,
 * "The header"): the machine a run ran on, the run itself (its processors, times and variables),
 * and the mark a campaign puts before each of its runs. Every other comment line is free text.
 * A header whose value does not parse is an error at that value's column.
 */
public sealed interface PpHeader {

    /** The text of the line, without its newline. */
    String line();

    /** The header {@code line} is, if it is one whose values all parse (else empty: a comment, or a header with errors). */
    static Optional<PpHeader> of(String line) {
        return PpHeaderReader.read(line, Path.of("-"), 1, new Diagnostics());
    }

    /**
     * {@code # machine: vm, Intel(R) Xeon(R) Processor, 16 processors, Linux 6.18; load average
     * 0.14 0.03 0.01 (1, 5, 15 min, after the run)}.
     *
     * @param load the load averages over 1, 5 and 15 minutes after the run; empty when not known
     */
    record Machine(String host, String cpu, int processors, String system, List<Double> load) implements PpHeader {
        public Machine {
            load = List.copyOf(load);
        }

        @Override
        public String line() {
            StringBuilder b = new StringBuilder("# machine: ").append(host).append(", ").append(cpu).append(", ")
                    .append(processors).append(" processors, ").append(system);
            if (load.size() == 3) {
                b.append("; load average ").append(NumberText.fixed(load.get(0), 2)).append(' ')
                        .append(NumberText.fixed(load.get(1), 2)).append(' ').append(NumberText.fixed(load.get(2), 2))
                        .append(" (1, 5, 15 min, after the run)");
            }
            return b.toString();
        }

        /** The 1-minute load average after the run, NaN when not known. */
        public double load1() {
            return load.isEmpty() ? Double.NaN : load.get(0);
        }
    }

    /**
     * {@code # run: p = 16 processors; time 0.036737 s (first fragment's start to last
     * fragment's end); command 0.620 s; n = 256}.
     *
     * @param processors the run's processors p
     * @param time       the program's measured time in seconds (first fragment's start to last fragment's end); NaN when not given
     * @param command    the command's whole time in seconds; NaN when not given
     * @param variables  the run's variables as written ({@code --vars} but p), each a number
     */
    record Run(double processors, double time, double command, Map<String, String> variables) implements PpHeader {
        public Run {
            variables = Collections.unmodifiableMap(new LinkedHashMap<>(variables));
        }

        @Override
        public String line() {
            StringBuilder b = new StringBuilder("# run: p = ").append(NumberText.plain(processors)).append(" processors");
            if (!Double.isNaN(time)) {
                b.append("; time ").append(NumberText.fixed(time, 6))
                        .append(" s (first fragment's start to last fragment's end)");
            }
            if (!Double.isNaN(command)) {
                b.append("; command ").append(NumberText.fixed(command, 3)).append(" s");
            }
            variables.forEach((k, v) -> b.append("; ").append(k).append(" = ").append(v));
            return b.toString();
        }

        /** The run's point: its variables' values, then p. */
        public Map<String, Double> point() {
            Map<String, Double> point = new LinkedHashMap<>();
            variables.forEach((k, v) -> point.put(k, Numbers.parse(v).orElseThrow()));
            point.put("p", processors);
            return point;
        }
    }

    /**
     * {@code # co-runner: sweep slowdown 1.210 at pressure 1.064; pressure 1.050 (pc 0.503 s beside,
     * 0.4157 s alone)}: what {@code lcm measure --co-runner} found of one fragment (docs/measure.md,
     * "The co-runner"): its slowdown (pc beside the co-runner over pc alone), the co-runner's
     * pressure it was taken at ({@code lcm.probe.calibration.Calibration.Pressure#slowdown}), and
     * the fragment's own pressure (the co-runner's bandwidth alone over its bandwidth during the
     * run, the run-wide figure: every fragment of a run gets the same).
     */
    record CoRunner(String tag, double slowdown, double at, double pressure, double beside, double alone)
            implements PpHeader {
        @Override
        public String line() {
            return "# co-runner: " + tag + " slowdown " + NumberText.fixed(slowdown, 3) + " at pressure "
                    + NumberText.fixed(at, 4) + "; pressure " + NumberText.fixed(pressure, 4) + " (pc "
                    + NumberText.plain(beside) + " s beside, " + NumberText.plain(alone) + " s alone)";
        }
    }

    /**
     * {@code # campaign fft2d: task 7 (tp at n=128 p=2, run 2 of 2); 4.213 s}: the line that opens
     * each run of a campaign; {@code seconds} is the run's whole time (NaN when not known).
     */
    record Mark(String campaign, int task, String about, double seconds) implements PpHeader {
        @Override
        public String line() {
            // a time that is no finite number (an exit record's end=1e308 after start=-1e308) is written NaN: read back as unknown
            return "# campaign " + campaign + ": task " + task + " (" + about + "); "
                    + (Double.isFinite(seconds) ? NumberText.fixed(seconds, 3) : "NaN") + " s";
        }
    }
}
