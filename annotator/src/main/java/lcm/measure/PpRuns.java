package lcm.measure;

import lcm.source.Diagnostics;
import lcm.source.SourceLocation;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The observations of a pp file, made while it is read: the executions of a fragment in one
 * run are one observation (docs/fitting.md, "Observations"). A run starts at its
 * {@code # run: p = P processors; ...; n = 256} header; within it, the lines of a fragment
 * (same tag, same variables) are added up as they come: per quantity the sum and a
 * {@link RunningMedian}, so memory does not grow with the lines. Three kinds of line:
 * <ul>
 * <li>per-run aggregates ({@code execs=}): one observation each, the sums divided by the
 * executions, the medians ({@code pc_med}) as given;</li>
 * <li>per-execution lines inside a run, old ({@code p=} the share of the machine, the run's
 * processors from the header) or new ({@code procs=}, {@code width=}): added to their
 * fragment's observation of the run;</li>
 * <li>lines outside any run (files not written by lcm measure, such as synthetic data): each
 * is an observation (a run) of its own, as lca read them.</li>
 * </ul>
 * In an observation {@code p} is the fragment's width where the line says it ({@code width=}),
 * else the run's processors (an old line's share {@code p=} is not kept); {@code procs} is the
 * run's processors.
 */
final class PpRuns {

    /** Per-line errors beyond this many are counted, not listed. */
    static final int MAX_ERRORS = 200;

    private static final Pattern HEADER = Pattern.compile("#\\s*run:\\s*p\\s*=\\s*([0-9.eE+-]+)\\s*processors?\\b(.*)");
    private static final Pattern SETTING = Pattern.compile("\\s*([A-Za-z_][A-Za-z0-9_]*)\\s*=\\s*(\\S+)\\s*");

    private final Path file;
    private final Diagnostics diagnostics;
    private final Map<Integer, String> errorLines;
    private final List<Measurement> out = new ArrayList<>();
    private final ByteInterner words = new ByteInterner();
    private int errors;
    private int unlisted;

    // the run being read
    private int run = Measurement.OWN_RUN;
    private int runs;
    private double procs = Double.NaN;
    private Map<String, Double> runVariables = Map.of();
    private final List<Group> groups = new ArrayList<>();
    private final Map<GroupKey, Group> byKey = new java.util.HashMap<>();

    // the line being read
    private String[] keys = new String[16];
    private double[] values = new double[16];
    private int[] columns = new int[16];
    private int[] kinds = new int[16];
    private int count;
    private String tag;

    /** What a key is: a variable, a quantity (summed), the share p, width/procs/execs, another reserved key. */
    private static final int VARIABLE = 0;
    private static final int QUANTITY = 1;
    private static final int P = 2;
    private static final int WIDTH = 3;
    private static final int PROCS = 4;
    private static final int EXECS = 5;
    private static final int RESERVED = 6;
    private final Map<String, Integer> kindOf = new java.util.IdentityHashMap<>();

    private int kind(String key) {
        Integer k = kindOf.get(key);
        if (k == null) {
            k = switch (key) {
                case "p" -> P;
                case "width" -> WIDTH;
                case "procs" -> PROCS;
                case "execs" -> EXECS;
                case "wall" -> QUANTITY;
                default -> Quantities.isQuantity(key) ? QUANTITY : Quantities.isReserved(key) ? RESERVED : VARIABLE;
            };
            kindOf.put(key, k);
        }
        return k;
    }

    /** A fragment in one run: its tag and variables (for runs with many fragments). */
    private record GroupKey(String tag, String[] names, double[] values) {
        @Override
        public boolean equals(Object o) {
            return o instanceof GroupKey k && k.tag.equals(tag) && Arrays.equals(k.names, names) && Arrays.equals(k.values, values);
        }

        @Override
        public int hashCode() {
            return 31 * (31 * tag.hashCode() + Arrays.hashCode(names)) + Arrays.hashCode(values);
        }
    }

    /** A fragment's executions in the run: its variables, and per quantity the sum and the median. */
    private static final class Group {
        final String tag;
        final String[] names;
        final double[] vars;
        final SourceLocation at;
        String[] quantities = new String[0];
        double[] sums = new double[0];
        RunningMedian[] medians = new RunningMedian[0];
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
                medians[q] = new RunningMedian();
            }
            sums[q] += v;
            medians[q].add(v);
        }
    }

    PpRuns(Path file, Diagnostics diagnostics, Map<Integer, String> errorLines) {
        this.file = file;
        this.diagnostics = diagnostics;
        this.errorLines = errorLines;
    }

    /** One physical line, bytes {@code [from, to)} without its terminator. */
    void line(byte[] b, int from, int to, int lineNo) {
        int i = from;
        while (i < to && (b[i] == ' ' || b[i] == '\t')) {
            i++;
        }
        if (i == to) {
            return;
        }
        if (b[i] == '#') {
            if (to - i > 5 && b[i + 1] == ' ' && b[i + 2] == 'r' && b[i + 3] == 'u' && b[i + 4] == 'n') {
                header(new String(b, i, to - i, java.nio.charset.StandardCharsets.UTF_8));
            }
            return;
        }
        int end = i;
        while (end < to && b[end] != '#') {
            end++;
        }
        if (!fast(b, i, end)) {
            String text = new String(b, from, to - from, java.nio.charset.StandardCharsets.UTF_8);
            if (!slow(text, lineNo)) {
                if (errorLines.size() < MAX_ERRORS) {
                    errorLines.put(lineNo, text);
                }
                return;
            }
        }
        if (count == 0) {
            if (tag != null) {
                report(SourceLocation.of(file, lineNo, firstColumn(b, from, to)), "line has no values, only a fragment tag",
                        lineNo, b, from, to);
            }
            return;
        }
        observe(lineNo);
    }

    private static int firstColumn(byte[] b, int from, int to) {
        int i = from;
        while (i < to && (b[i] == ' ' || b[i] == '\t')) {
            i++;
        }
        return i - from + 1;
    }

    private void report(SourceLocation at, String message, int lineNo, byte[] b, int from, int to) {
        if (errors++ < MAX_ERRORS) {
            diagnostics.error(at, message);
            errorLines.put(lineNo, new String(b, from, to - from, java.nio.charset.StandardCharsets.UTF_8));
        } else {
            unlisted++;
        }
    }

    /** key=value pairs of plain ASCII, each key once, each value a number of the grammar: false for anything else. */
    private boolean fast(byte[] b, int from, int to) {
        count = 0;
        tag = null;
        int i = from;
        while (true) {
            while (i < to && (b[i] == ' ' || b[i] == '\t')) {
                i++;
            }
            if (i >= to) {
                return true;
            }
            int start = i;
            int eq = -1;
            while (i < to && b[i] != ' ' && b[i] != '\t') {
                if (b[i] < 0 || b[i] < ' ') {
                    return false;
                }
                if (b[i] == '=' && eq < 0) {
                    eq = i;
                }
                i++;
            }
            if (eq <= start || eq + 1 == i || !isKey(b, start, eq)) {
                return false;
            }
            String key = words.intern(b, start, eq);
            if (Quantities.isTag(key)) {
                if (tag != null) {
                    return false;
                }
                tag = words.intern(b, eq + 1, i);
                continue;
            }
            double v = DecimalBytes.parse(b, eq + 1, i);
            if (Double.isNaN(v)) {
                return false;
            }
            for (int k = 0; k < count; k++) {
                if (keys[k] == key) {
                    return false;
                }
            }
            add(key, v, start - from + 1);
        }
    }

    private void add(String key, double v, int column) {
        if (count == keys.length) {
            keys = Arrays.copyOf(keys, count * 2);
            values = Arrays.copyOf(values, count * 2);
            columns = Arrays.copyOf(columns, count * 2);
            kinds = Arrays.copyOf(kinds, count * 2);
        }
        kinds[count] = kind(key);
        keys[count] = key;
        values[count] = v;
        columns[count] = column;
        count++;
    }

    private static boolean isKey(byte[] b, int from, int to) {
        for (int i = from; i < to; i++) {
            byte c = b[i];
            boolean letter = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_';
            if (!letter && (i == from || c < '0' || c > '9')) {
                return false;
            }
        }
        return true;
    }

    /** The line the slow way (every problem located and reported); false when it has errors. */
    private boolean slow(String line, int lineNo) {
        String text = PpLineReader.stripComment(line);
        count = 0;
        tag = null;
        Map<String, Double> parsed = new LinkedHashMap<>();
        String[] tagOut = new String[1];
        Diagnostics mine = new Diagnostics();
        boolean ok = PpLineReader.parse(file, lineNo, text, mine, parsed, tagOut);
        if (!ok) {
            if (errors < MAX_ERRORS) {
                diagnostics.addAll(mine.errors());
            } else {
                unlisted += mine.errorCount();
            }
            errors += mine.errorCount();
            return false;
        }
        tag = tagOut[0] == null ? null : tagOut[0];
        parsed.forEach((k, v) -> {
            byte[] kb = k.getBytes(java.nio.charset.StandardCharsets.US_ASCII);
            add(words.intern(kb, 0, kb.length), v, 1);
        });
        return true;
    }

    private Map<String, Double> lineValues() {
        Map<String, Double> m = new LinkedHashMap<>();
        for (int k = 0; k < count; k++) {
            m.put(keys[k], values[k]);
        }
        return m;
    }

    private double value(String key) {
        for (int k = 0; k < count; k++) {
            if (keys[k].equals(key)) {
                return values[k];
            }
        }
        return Double.NaN;
    }

    private double valueOf(int kind) {
        for (int k = 0; k < count; k++) {
            if (kinds[k] == kind) {
                return values[k];
            }
        }
        return Double.NaN;
    }

    private void observe(int lineNo) {
        String t = tag == null ? "" : tag;
        SourceLocation at = new SourceLocation(file, lineNo, 1);
        double execs = valueOf(EXECS);
        if (!Double.isNaN(execs)) {
            if (!(execs >= 1) || execs != Math.rint(execs)) {
                errors++;
                diagnostics.error(at, "execs must be a whole number of at least 1, found " + execs);
                return;
            }
            out.add(new Measurement(t, aggregate(execs), at, run));
            return;
        }
        double width = valueOf(WIDTH);
        if (run == Measurement.OWN_RUN) {
            Map<String, Double> m = lineValues();
            if (!Double.isNaN(width)) {
                m.put("p", width);
            }
            out.add(new Measurement(t, m, at, Measurement.OWN_RUN));
            return;
        }
        boolean old = true;
        for (int k = 0; k < count; k++) {
            old &= kinds[k] != PROCS;
        }
        boolean dropP = old || !Double.isNaN(width);
        Group g = find(t, dropP);
        if (g == null) {
            g = newGroup(t, dropP, width, at);
        }
        g.executions++;
        for (int k = 0; k < count; k++) {
            if (kinds[k] == QUANTITY) {
                g.add(keys[k], values[k]);
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
            GroupKey key = key(t, dropP, value("width"));
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
                    same = j < g.names.length && g.names[j] == WIDTH_NAME && g.vars[j] == values[k];
                    j++;
                } else if (groups(k, dropP)) {
                    same = j < g.names.length && g.names[j] == keys[k] && g.vars[j] == values[k];
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

    private GroupKey key(String t, boolean dropP, double width) {
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
                vs[j++] = values[k];
            } else if (groups(k, dropP)) {
                names[j] = keys[k];
                vs[j++] = values[k];
            }
        }
        return new GroupKey(t, names, vs);
    }

    private Group newGroup(String t, boolean dropP, double width, SourceLocation at) {
        GroupKey key = key(t, dropP, width);
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
            String key = keys[k];
            if (Quantities.isQuantity(key) || key.equals("wall")) {
                m.put(key, values[k] / execs);
            } else if (!(key.equals("p") && !Double.isNaN(width))) {
                m.put(key, values[k]);
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

    private void header(String text) {
        Matcher h = HEADER.matcher(text.strip());
        if (!h.matches()) {
            return;
        }
        flush();
        runs++;
        run = runs - 1;
        OptionalDoubleHolder p = new OptionalDoubleHolder(Numbers.parse(h.group(1)));
        procs = p.value;
        Map<String, Double> vars = new LinkedHashMap<>();
        for (String part : h.group(2).split(";")) {
            Matcher s = SETTING.matcher(part);
            if (s.matches() && !Quantities.isTag(s.group(1))) {
                Numbers.parse(s.group(2)).ifPresent(v -> vars.put(s.group(1), v));
            }
        }
        runVariables = vars;
    }

    private record OptionalDoubleHolder(double value) {
        OptionalDoubleHolder(java.util.OptionalDouble v) {
            this(v.isPresent() ? v.getAsDouble() : Double.NaN);
        }
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
                m.put(g.quantities[q], g.sums[q] / n);
                m.put(g.quantities[q] + Quantities.MEDIAN, g.medians[q].median());
            }
            out.add(new Measurement(g.tag, m, g.at, run));
        }
        groups.clear();
        byKey.clear();
    }

    List<Measurement> finish() {
        flush();
        if (unlisted > 0) {
            diagnostics.add(lcm.source.Diagnostic.error(file + ": " + unlisted + " more bad line" + (unlisted == 1 ? "" : "s")
                    + " (the first " + MAX_ERRORS + " are listed above)"));
        }
        return out;
    }
}
