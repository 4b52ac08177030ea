package lcm.measure;

import lcm.expr.StreamingMedian;
import lcm.pp.PpHeader;
import lcm.pp.PpLineCodec;
import lcm.pp.PpReader;
import lcm.pp.RunReservoir;
import lcm.source.SourceLocation;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The observations of a pp file, made while it is read: the executions of a fragment in one
 * run are one observation (docs/fitting.md, "Observations"). A run starts at its
 * {@code # run: p = P processors; ...; n = 256} header; within it, the lines of a fragment
 * (same tag, same variables) are added up as they come: per quantity the sum and a
 * {@link StreamingMedian}, so memory does not grow with the lines. Three kinds of line:
 * <ul>
 * <li>per-run aggregates ({@code execs=}): one observation each, the sums divided by the
 * executions, the medians ({@code pc_med}) as given;</li>
 * <li>per-execution lines inside a run, old ({@code p=} the share of the machine, the run's
 * processors from the header) or new ({@code procs=}, {@code width=}): added to their
 * fragment's observation of the run;</li>
 * <li>lines outside any run (files not written by lcm measure, such as synthetic data): each
 * is an observation (a run) of its own, as lca read them, at most
 * {@link RunReservoir#RUNS_PER_POINT} of a fragment at a point kept ({@link OwnRuns}).</li>
 * </ul>
 * The threads' spread ({@code thr tmean tsd}) of per-execution lines is averaged over the run,
 * {@code tsd} as the root of the mean square (the pooled standard deviation); a per-run line's
 * is kept as given.
 * A file with more runs at a point than {@link RunReservoir#RUNS_PER_POINT} keeps a uniform
 * sample of that many of them ({@link RunReservoir}); the lines of the runs left out are read and
 * checked, not added up, so the memory held does not grow with the runs: their numbers are
 * checked against the grammar without being built ({@link #valuesWanted}), but for {@code execs}.
 * In an observation {@code p} is the fragment's width where the line says it ({@code width=}),
 * else the run's processors (an old line's share {@code p=} is not kept); {@code procs} is the
 * run's processors.
 */
final class PpRuns implements PpReader.Sink {

    private final Path file;
    /** The observations outside any run, each a run of its own: at most the bound per fragment and point ({@link OwnRuns}). */
    private final OwnRuns out;
    /** The runs kept: all up to the bound per point, then a uniform sample ({@link RunReservoir}). */
    private final RunReservoir<List<Measurement>> reservoir;
    /** The observations of the run being read, or null when it is not kept (its lines are still checked). */
    private List<Measurement> current;

    // the run being read
    private int run = Measurement.OWN_RUN;
    private int runs;
    private double procs = Double.NaN;
    private Map<String, Double> runVariables = Map.of();
    private final List<Group> groups = new ArrayList<>();
    /** The run's groups by their fragment: its tag and variables (for runs with many fragments). */
    private final Map<FragmentPoint, Group> byKey = new java.util.HashMap<>();

    // the line being read
    private PpLineCodec fields;
    private int[] kinds = new int[16];
    /** The keys whose kinds {@link #kinds} holds, position by position. */
    private String[] lastKeys = new String[16];
    private int count;

    /** What a key is: a variable, a quantity (summed), the share p, width/procs/execs, another reserved key. */
    private static final int VARIABLE = 0;
    private static final int QUANTITY = 1;
    private static final int P = 2;
    private static final int WIDTH = 3;
    private static final int PROCS = 4;
    private static final int EXECS = 5;
    private static final int RESERVED = 6;
    /** The threads' spread of a per-execution line: averaged over the run (tsd as the root mean square). */
    private static final int SPREAD = 7;
    private final Map<String, Integer> kindOf = new java.util.IdentityHashMap<>();

    private int kind(String key) {
        Integer k = kindOf.get(key);
        if (k == null) {
            k = switch (key) {
                case "p" -> P;
                case "width" -> WIDTH;
                case "procs" -> PROCS;
                case PpLineCodec.EXECS -> EXECS;
                case "wall" -> QUANTITY;
                case PpLineCodec.THREADS, PpLineCodec.BUSY_MEAN, PpLineCodec.BUSY_SD -> SPREAD;
                default -> Quantities.isQuantity(key) ? QUANTITY : Quantities.isReserved(key) ? RESERVED : VARIABLE;
            };
            kindOf.put(key, k);
        }
        return k;
    }

    /** A fragment's executions in the run: its variables, and per quantity the sum and the median. */
    private static final class Group {
        final String tag;
        final String[] names;
        final double[] vars;
        final SourceLocation at;
        String[] quantities = new String[0];
        double[] sums = new double[0];
        StreamingMedian[] medians = new StreamingMedian[0];
        long executions;

        Group(String tag, String[] names, double[] vars, SourceLocation at) {
            this.tag = tag;
            this.names = names;
            this.vars = vars;
            this.at = at;
        }

        void add(String quantity, double v) {
            int q = 0;
            while (q < quantities.length && quantities[q] != quantity) {
                q++;
            }
            if (q == quantities.length) {
                quantities = Arrays.copyOf(quantities, q + 1);
                sums = Arrays.copyOf(sums, q + 1);
                medians = Arrays.copyOf(medians, q + 1);
                quantities[q] = quantity;
                medians[q] = new StreamingMedian();
            }
            sums[q] += v;
            medians[q].add(v);
        }
    }

    PpRuns(Path file) {
        this(file, RunReservoir.RUNS_PER_POINT);
    }

    /** A reader that keeps at most {@code runsPerPoint} runs per point. */
    PpRuns(Path file, int runsPerPoint) {
        this.file = file;
        this.reservoir = new RunReservoir<>(runsPerPoint);
        this.out = new OwnRuns(file, OwnRuns::places, runsPerPoint);
    }

    @Override
    public void header(PpHeader header, int line) {
        if (header instanceof PpHeader.Run r) {
            flush();
            runs++;
            run = runs - 1;
            procs = r.processors();
            Map<String, Double> point = r.point();
            current = reservoir.admit(point, line) ? new ArrayList<>() : null;
            Map<String, Double> vars = new LinkedHashMap<>(point);
            vars.remove("p");
            runVariables = vars;
        }
    }

    /** The values of a run left out are only checked: there is nothing to add up. */
    @Override
    public boolean valuesWanted() {
        return run == Measurement.OWN_RUN || current != null;
    }

    /**
     * What to tell the user about the points with more runs than are kept ({@link RunReservoir#notes}):
     * runs of headers, then lines outside any run.
     */
    List<String> notes() {
        List<String> notes = new ArrayList<>(reservoir.notes(file));
        notes.addAll(out.notes());
        return notes;
    }

    @Override
    public void data(PpLineCodec fields, int lineNo, PpReader reader) {
        this.fields = fields;
        count = fields.count();
        if (kinds.length < count) {
            kinds = new int[Math.max(count, kinds.length * 2)];
        }
        if (lastKeys.length < count) {
            lastKeys = new String[kinds.length];
        }
        for (int k = 0; k < count; k++) {
            // keys are the same String objects throughout a file (PpLineCodec#key): most lines repeat the last one's
            String key = fields.key(k);
            if (lastKeys[k] != key) {
                lastKeys[k] = key;
                kinds[k] = kind(key);
            }
        }
        if (count == 0) {
            return;
        }
        observe(lineNo, reader);
    }

    private Map<String, Double> lineValues() {
        Map<String, Double> m = new LinkedHashMap<>();
        for (int k = 0; k < count; k++) {
            m.put(fields.key(k), fields.value(k));
        }
        return m;
    }

    private double value(String key) {
        for (int k = 0; k < count; k++) {
            if (fields.key(k).equals(key)) {
                return fields.value(k);
            }
        }
        return Double.NaN;
    }

    private double valueOf(int kind) {
        for (int k = 0; k < count; k++) {
            if (kinds[k] == kind) {
                return fields.value(k);
            }
        }
        return Double.NaN;
    }

    /** The place of an observation: its (first) line. Made only where one is kept or an error reported. */
    private SourceLocation at(int lineNo) {
        return new SourceLocation(file, lineNo, 1);
    }

    private void observe(int lineNo, PpReader reader) {
        String t = fields.tag() == null ? "" : fields.tag();
        double execs = valueOf(EXECS);
        if (!Double.isNaN(execs)) {
            if (!(execs >= 1) || execs != Math.rint(execs)) {
                reader.error(at(lineNo), "execs must be a whole number of at least 1, found " + execs);
                return;
            }
            if (run == Measurement.OWN_RUN) {
                out.add(t, aggregate(execs), at(lineNo));
            } else if (current != null) {
                current.add(new Measurement(t, aggregate(execs), at(lineNo), run));
            }
            return;
        }
        double width = valueOf(WIDTH);
        if (run == Measurement.OWN_RUN) {
            Map<String, Double> m = lineValues();
            if (!Double.isNaN(width)) {
                m.put("p", width);
            }
            out.add(t, m, at(lineNo));
            return;
        }
        if (current == null) {
            // a run left out of the sample: its lines were checked, there is nothing to add up
            return;
        }
        boolean old = true;
        for (int k = 0; k < count; k++) {
            old &= kinds[k] != PROCS;
        }
        boolean dropP = old || !Double.isNaN(width);
        Group g = find(t, dropP);
        if (g == null) {
            g = newGroup(t, dropP, width, at(lineNo));
        }
        g.executions++;
        for (int k = 0; k < count; k++) {
            if (kinds[k] == QUANTITY) {
                g.add(fields.key(k), fields.value(k));
            } else if (kinds[k] == SPREAD) {
                double v = fields.value(k);
                g.add(fields.key(k), fields.key(k).equals(PpLineCodec.BUSY_SD) ? v * v : v);
            }
        }
    }

    /** Whether key k of the line is one of its group's variables. */
    private boolean groups(int k, boolean dropP) {
        int kind = kinds[k];
        return kind == VARIABLE || (kind == P && !dropP);
    }

    /** The run's group of this line (same tag, same variables), or null: a scan while a run has few fragments. */
    private Group find(String t, boolean dropP) {
        if (groups.size() > 32) {
            FragmentPoint key = key(t, dropP, value("width"));
            return byKey.get(key);
        }
        for (Group g : groups) {
            if (!g.tag.equals(t)) {
                continue;
            }
            int j = 0;
            boolean same = true;
            for (int k = 0; k < count && same; k++) {
                if (kinds[k] == WIDTH) {
                    same = j < g.names.length && g.names[j] == WIDTH_NAME && g.vars[j] == fields.value(k);
                    j++;
                } else if (groups(k, dropP)) {
                    same = j < g.names.length && g.names[j] == fields.key(k) && g.vars[j] == fields.value(k);
                    j++;
                }
            }
            if (same && j == g.names.length) {
                return g;
            }
        }
        return null;
    }

    private static final String WIDTH_NAME = "width";

    private FragmentPoint key(String t, boolean dropP, double width) {
        int n = 0;
        for (int k = 0; k < count; k++) {
            if (groups(k, dropP) || kinds[k] == WIDTH) {
                n++;
            }
        }
        String[] names = new String[n];
        double[] vs = new double[n];
        int j = 0;
        for (int k = 0; k < count; k++) {
            if (kinds[k] == WIDTH) {
                names[j] = WIDTH_NAME;
                vs[j++] = fields.value(k);
            } else if (groups(k, dropP)) {
                names[j] = fields.key(k);
                vs[j++] = fields.value(k);
            }
        }
        return new FragmentPoint(t, names, vs);
    }

    private Group newGroup(String t, boolean dropP, double width, SourceLocation at) {
        FragmentPoint key = key(t, dropP, width);
        Group g = new Group(t, key.names(), key.values(), at);
        groups.add(g);
        byKey.put(key, g);
        return g;
    }

    /** An aggregate line's values: sums per execution, medians and other keys as given, p the width. */
    private Map<String, Double> aggregate(double execs) {
        Map<String, Double> m = new LinkedHashMap<>();
        runVariables.forEach(m::put);
        double width = value("width");
        double lineProcs = value("procs");
        for (int k = 0; k < count; k++) {
            String key = fields.key(k);
            if (Quantities.isQuantity(key) || key.equals("wall")) {
                m.put(key, fields.value(k) / execs);
            } else if (!(key.equals("p") && !Double.isNaN(width))) {
                m.put(key, fields.value(k));
            }
        }
        if (!Double.isNaN(width)) {
            m.put("p", width);
        } else if (!m.containsKey("p") && !Double.isNaN(procs)) {
            m.put("p", procs);
        }
        if (Double.isNaN(lineProcs) && !Double.isNaN(procs)) {
            m.put("procs", procs);
        }
        return m;
    }

    /** The observations of the run read so far. */
    private void flush() {
        for (Group g : groups) {
            Map<String, Double> m = new LinkedHashMap<>();
            runVariables.forEach(m::put);
            double width = Double.NaN;
            for (int i = 0; i < g.names.length; i++) {
                if (g.names[i] == WIDTH_NAME) {
                    width = g.vars[i];
                } else {
                    m.put(g.names[i], g.vars[i]);
                }
            }
            m.put("p", Double.isNaN(width) ? procs : width);
            if (!Double.isNaN(procs)) {
                m.put("procs", procs);
            }
            if (!Double.isNaN(width)) {
                m.put("width", width);
            }
            m.put("execs", (double) g.executions);
            for (int q = 0; q < g.quantities.length; q++) {
                long n = g.medians[q].count();
                if (kind(g.quantities[q]) == SPREAD) {
                    // the pooled standard deviation: the root of the mean variance
                    double mean = g.sums[q] / n;
                    m.put(g.quantities[q], g.quantities[q].equals(PpLineCodec.BUSY_SD) ? Math.sqrt(mean) : mean);
                    continue;
                }
                m.put(g.quantities[q], g.sums[q] / n);
                m.put(g.quantities[q] + Quantities.MEDIAN, g.medians[q].median());
            }
            current.add(new Measurement(g.tag, m, g.at, run));
        }
        groups.clear();
        byKey.clear();
        if (current != null) {
            reservoir.put(current);
            current = null;
        }
    }

    /** The observations: those outside any run, then the kept runs' in file order. */
    List<Measurement> finish() {
        flush();
        List<Measurement> all = new ArrayList<>(out.kept());
        reservoir.kept().forEach(all::addAll);
        return all;
    }
}
