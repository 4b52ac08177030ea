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
    private final Map<GroupKey, Group> groups = new LinkedHashMap<>();

    // the line being read
    private String[] keys = new String[16];
    private double[] values = new double[16];
    private int[] columns = new int[16];
    private int count;
    private String tag;

    /** A fragment in one run: its tag and variables. */
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

    /** One quantity of one group: the sum and the median of its executions. */
    private static final class Sum {
        double sum;
        final RunningMedian median = new RunningMedian();
    }

    private static final class Group {
        final GroupKey key;
        final SourceLocation at;
        final Map<String, Sum> sums = new LinkedHashMap<>();
        long executions;

        Group(GroupKey key, SourceLocation at) {
            this.key = key;
            this.at = at;
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
        }
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
        parsed.forEach((k, v) -> add(k.intern(), v, 1));
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

    private void observe(int lineNo) {
        String t = tag == null ? "" : tag;
        SourceLocation at = SourceLocation.of(file, lineNo, 1);
        double execs = value("execs");
        if (!Double.isNaN(execs)) {
            if (!(execs >= 1) || execs != Math.rint(execs)) {
                errors++;
                diagnostics.error(at, "execs must be a whole number of at least 1, found " + execs);
                return;
            }
            out.add(new Measurement(t, aggregate(execs), at, run));
            return;
        }
        double width = value("width");
        if (run == Measurement.OWN_RUN) {
            Map<String, Double> m = lineValues();
            if (!Double.isNaN(width)) {
                m.put("p", width);
            }
            out.add(new Measurement(t, m, at, Measurement.OWN_RUN));
            return;
        }
        boolean old = Double.isNaN(value("procs"));
        List<String> names = new ArrayList<>();
        List<Double> vs = new ArrayList<>();
        for (int k = 0; k < count; k++) {
            String key = keys[k];
            if (Quantities.isQuantity(key) || Quantities.isReserved(key) || (key.equals("p") && (old || !Double.isNaN(width)))) {
                continue;
            }
            names.add(key);
            vs.add(values[k]);
        }
        if (!Double.isNaN(width)) {
            names.add("width");
            vs.add(width);
        }
        GroupKey key = new GroupKey(t, names.toArray(new String[0]), vs.stream().mapToDouble(Double::doubleValue).toArray());
        Group g = groups.computeIfAbsent(key, k -> new Group(k, at));
        g.executions++;
        for (int k = 0; k < count; k++) {
            String q = keys[k];
            if (Quantities.isQuantity(q) || q.equals("wall")) {
                g.sums.computeIfAbsent(q, x -> new Sum()).sum += values[k];
                g.sums.get(q).median.add(values[k]);
            }
        }
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
        for (Group g : groups.values()) {
            Map<String, Double> m = new LinkedHashMap<>();
            runVariables.forEach(m::put);
            GroupKey k = g.key;
            double width = Double.NaN;
            for (int i = 0; i < k.names.length; i++) {
                if (k.names[i].equals("width")) {
                    width = k.values[i];
                } else {
                    m.put(k.names[i], k.values[i]);
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
            for (Map.Entry<String, Sum> e : g.sums.entrySet()) {
                long n = e.getValue().median.count();
                m.put(e.getKey(), e.getValue().sum / n);
                m.put(e.getKey() + Quantities.MEDIAN, e.getValue().median.median());
            }
            out.add(new Measurement(k.tag, m, g.at, run));
        }
        groups.clear();
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
