package lcm.probe;

import lcm.pp.PpHeader;
import lcm.pp.PpLineCodec;
import lcm.pp.PpReader;
import lcm.pp.RunReservoir;
import lcm.source.Diagnostics;
import lcm.source.SourceLocation;
import lcm.source.SourceRegistry;
import lcm.source.UserError;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalDouble;

/**
 * The runs recorded in a pp file written by lcm measure: each run's header line
 * {@code # run: p = 2 processors; time T s (...); command C s; n = 256} gives its point (the
 * variables and p) and the program's measured time T; the pp lines after it, up to the next run
 * header, are its fragment executions, whose categories it sums; ip also holds the processors
 * idle while a fragment narrower than the run ran ({@code (procs - width) x wall}: serial code's
 * idle partners, which composition books as ip of the parent). The {@code # machine:} line
 * before it gives the machine's processors and the load average after the run. The lines are read
 * through {@code lcm.pp} ({@link PpReader}), which reports a bad value at its column.
 */
public final class MeasuredRuns {

    /**
     * One run: its variables (p included), its measured time in seconds, the line of its header,
     * and the sums of its fragment executions' categories (pc, li, ip, sl: processor-seconds);
     * {@code load} is the 1-minute load average the header recorded after the run (NaN when it
     * has none), {@code processors} the machine's processors (0 when not recorded); {@code command}
     * the command's time the header gives and {@code marked} the whole time the campaign's mark
     * before it gives (empty where there is none; NaN where the mark says it is not known);
     * {@code index} the run's place among the file's run headers (from 0: the run of a
     * {@link lcm.measure.Measurement} read from the same file).
     */
    public record Run(Map<String, Double> point, double time, int line, Map<String, Double> categories, double load,
                      int processors, double command, OptionalDouble marked, int index) {
        public Run {
            categories = Map.copyOf(categories);
        }

        /** Whether the machine was busier than its processors: load average above the processor count. */
        public boolean loaded() {
            return processors > 0 && load > processors;
        }
    }

    /** The categories a run sums. */
    private static final List<String> CATEGORIES = List.of("pc", "li", "ip", "sl", "cl", "rc");
    private static final int IP = CATEGORIES.indexOf("ip");

    private MeasuredRuns() {
    }

    /**
     * The runs of {@code file}, summed as its lines are read (memory flat in the lines); a bad
     * line or header value is an error at its column, the line shown from {@code sources}. At a
     * point with more runs than {@link RunReservoir#RUNS_PER_POINT}, the uniform sample of them
     * that {@link lcm.measure.MeasurementFormats} keeps of the same file (the same runs).
     */
    public static List<Run> read(Path file, SourceRegistry sources) {
        return sampled(file, sources).runs();
    }

    /** The runs kept ({@link #read}) and a line per point whose runs were sampled ({@code file:line: point ...}). */
    public record Kept(List<Run> runs, List<String> notes) {
    }

    /** {@link #read}, with what to tell the user about the points whose runs were sampled. */
    public static Kept sampled(Path file, SourceRegistry sources) {
        Summing sink = new Summing(file);
        PpReader.read(file, sources, sink);
        return sink.kept();
    }

    /**
     * The runs of {@code file} as a {@link PpReader.Sink} that another reader of the file hands
     * its headers and lines to ({@code lcm.measure.MeasurementFormats}, for the observations and
     * the runs in one pass); {@link Summing#kept()} after the file is read.
     */
    public static Summing summing(Path file) {
        return new Summing(file);
    }

    /** The runs as their lines come: each header starts one, each data line adds to its sums. */
    public static final class Summing implements PpReader.Sink {
        private final Path file;
        private final Diagnostics errors = new Diagnostics();
        private final RunReservoir<Run> reservoir = new RunReservoir<>();
        boolean kept;
        PpHeader.Machine machine;
        PpHeader.Mark mark;
        PpHeader.Run run;
        int line;
        PpHeader.Mark runMark;
        PpHeader.Machine runMachine;
        final double[] sums = new double[CATEGORIES.size()];
        final boolean[] seen = new boolean[CATEGORIES.size()];

        private Summing(Path file) {
            this.file = file;
        }

        @Override
        public void header(PpHeader header, int lineNo) {
            if (header instanceof PpHeader.Machine m) {
                machine = m;
            } else if (header instanceof PpHeader.Mark m) {
                mark = m;
            } else if (header instanceof PpHeader.Run r) {
                close();
                run = r;
                line = lineNo;
                kept = reservoir.admit(r.point(), lineNo);
                runMachine = machine;
                runMark = mark;
                machine = null;
                mark = null;
            }
        }

        /** Only a kept run's lines are summed; the others' values are only checked. */
        @Override
        public boolean valuesWanted() {
            return run != null && kept;
        }

        @Override
        public void data(PpLineCodec fields, int lineNo, PpReader reader) {
            if (run == null || !kept || fields.tag() == null) {
                return;
            }
            double procs = Double.NaN;
            double width = Double.NaN;
            double wall = Double.NaN;
            for (int k = 0; k < fields.count(); k++) {
                int c = code(k, fields.key(k));
                if (c >= 0) {
                    sums[c] += fields.value(k);
                    seen[c] = true;
                } else if (c == PROCS) {
                    procs = fields.value(k);
                } else if (c == WIDTH) {
                    width = fields.value(k);
                } else if (c == WALL) {
                    wall = fields.value(k);
                }
            }
            if (width < procs && wall > 0) {
                // the run's other processors wait while a narrower fragment (serial code) runs: composition
                // books them as ip (IP+ of the parent), and so is the measured side
                sums[IP] += (procs - width) * wall;
            }
        }

        private static final int OTHER = -1;
        private static final int PROCS = -2;
        private static final int WIDTH = -3;
        private static final int WALL = -4;
        /** The keys of the line before, by position, and what they are: most lines repeat them (the same String objects, {@link PpLineCodec#key}). */
        private String[] lastKeys = new String[16];
        private int[] codes = new int[16];

        /** What key {@code k} of the line is: a category's index, or {@link #PROCS}, {@link #WIDTH}, {@link #WALL}, {@link #OTHER}. */
        private int code(int k, String key) {
            if (k >= lastKeys.length) {
                lastKeys = java.util.Arrays.copyOf(lastKeys, k * 2);
                codes = java.util.Arrays.copyOf(codes, k * 2);
            }
            if (lastKeys[k] != key) {
                int c = CATEGORIES.indexOf(key);
                codes[k] = c >= 0 ? c : switch (key) {
                    case "procs" -> PROCS;
                    case "width" -> WIDTH;
                    case "wall" -> WALL;
                    default -> OTHER;
                };
                lastKeys[k] = key;
            }
            return codes[k];
        }

        /**
         * The runs kept, once the file has been read: a bad run header, or a file without one,
         * is an error ({@link #sampled}).
         */
        public Kept kept() {
            close();
            UserError.throwIfErrors(errors);
            if (reservoir.runs() == 0) {
                throw UserError.of(file + ": no run headers ('# run: p = ...'): not a pp file written by lcm measure");
            }
            return new Kept(reservoir.kept(), reservoir.notes(file));
        }

        void close() {
            if (run == null) {
                return;
            }
            if (Double.isNaN(run.time())) {
                errors.error(SourceLocation.of(file, line, 1), "run header without the run's time ('time T s'): "
                        + "not a header written by lcm measure");
            }
            Map<String, Double> categories = new LinkedHashMap<>();
            for (int c = 0; c < CATEGORIES.size(); c++) {
                if (c < 4 || seen[c]) {
                    categories.put(CATEGORIES.get(c), sums[c]);
                }
                sums[c] = 0;
                seen[c] = false;
            }
            if (kept) {
                reservoir.put(new Run(run.point(), run.time(), line, categories,
                        runMachine == null ? Double.NaN : runMachine.load1(),
                        runMachine == null ? 0 : runMachine.processors(), run.command(),
                        runMark == null ? OptionalDouble.empty() : OptionalDouble.of(runMark.seconds()),
                        reservoir.runs() - 1));
            }
            run = null;
        }
    }
}
