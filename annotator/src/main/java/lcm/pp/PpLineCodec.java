package lcm.pp;

import lcm.expr.NumberText;
import lcm.expr.Numbers;
import lcm.source.Diagnostics;
import lcm.source.LineErrors;
import lcm.source.SourceLocation;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Set;

/**
 * A data line of a pp file, read and written (docs/measure.md, "Lines"): {@code key=value} pairs
 * separated by blanks, e.g. {@code tag=cffts n=256 procs=16 width=16 execs=1 pc=0.0021 li=0.0038},
 * up to a {@code #} that starts a comment (one at the line's start or after a blank; inside a word,
 * as in the tag {@code cffts#2}, it is part of the word). {@code tag=} (or {@code t=}) names the fragment; every
 * other value is a number of the grammar of {@link Numbers}. Reading fills this codec's fields
 * (reused from line to line, so ten million lines make no garbage): plain ASCII lines take a
 * fast path over the bytes; any other line is read again the careful way, which reports its
 * first bad value at its column ({@code bad value '--1' for 'pc': expected a number}).
 * {@link #line} writes one.
 */
public final class PpLineCodec {

    /** The keys that name the fragment. */
    public static final Set<String> TAG_KEYS = Set.of("tag", "t");

    /**
     * The keys of the spread of the threads' busy times (docs/measure.md, "Lines"): the threads
     * that worked for an execution, the mean of their busy times and their standard deviation
     * (per run: the means over the executions, and the pooled standard deviation).
     */
    public static final String THREADS = "thr";
    public static final String BUSY_MEAN = "tmean";
    public static final String BUSY_SD = "tsd";
    public static final Set<String> SPREAD_KEYS = Set.of(THREADS, BUSY_MEAN, BUSY_SD);

    /** The key of the executions a per-run line sums: its value is read even where values are only checked. */
    public static final String EXECS = "execs";

    private final Path file;
    private final ByteInterner words = new ByteInterner();
    private final RecentWords recent = new RecentWords();
    /** {@code tag} and {@code t} as {@link #words} gives them: a key is the tag's when it is one of these objects. */
    private final String tagKey = words.intern("tag".getBytes(StandardCharsets.US_ASCII), 0, 3);
    private final String shortTagKey = words.intern("t".getBytes(StandardCharsets.US_ASCII), 0, 1);
    private final String execsKey = words.intern(EXECS.getBytes(StandardCharsets.US_ASCII), 0, EXECS.length());
    private final DecimalBytes numbers = new DecimalBytes();
    private String[] keys = new String[16];
    private double[] values = new double[16];
    private int[] columns = new int[16];
    private int count;
    private String tag;

    public PpLineCodec(Path file) {
        this.file = file;
    }

    public static boolean isTag(String key) {
        return TAG_KEYS.contains(key);
    }

    /** How many numbers the line read last holds. */
    public int count() {
        return count;
    }

    /** Key {@code i} of the line: the same String object for the same key throughout a file. */
    public String key(int i) {
        return keys[i];
    }

    public double value(int i) {
        return values[i];
    }

    /** The column (1-based) where pair {@code i} starts. */
    public int column(int i) {
        return columns[i];
    }

    /** The fragment the line names, or null. */
    public String tag() {
        return tag;
    }

    /**
     * Reads the line in bytes {@code [from, to)} (its terminator excluded) into the fields;
     * false, with the line's error in {@code errors}, when it is not a data line of the format.
     * A line with no pairs before its comment is a data line of no numbers and no tag.
     */
    public boolean read(byte[] b, int from, int to, int lineNo, Diagnostics errors) {
        return read(b, from, to, lineNo, errors, true);
    }

    /**
     * {@link #read}, where {@code valued} false says that the line's values are only to be
     * checked (a line of a run the reader leaves out): each is checked against the grammar of
     * numbers, with the same errors, but not built, and reads as NaN; {@link #EXECS} is built
     * all the same (a reader checks that it is a whole number).
     */
    public boolean read(byte[] b, int from, int to, int lineNo, Diagnostics errors, boolean valued) {
        // a comment starts at a '#' that begins the line or follows a blank; one inside a word is
        // part of it (the tag of a repeated fragment: cffts#2, work:16#2)
        if (fast(b, from, to, valued) && !onlyTag()) {
            return true;
        }
        int end = from;
        while (end < to && !(b[end] == '#' && (end == from || b[end - 1] == ' ' || b[end - 1] == '\t'))) {
            end++;
        }
        String text = new String(b, from, end - from, StandardCharsets.UTF_8);
        return careful(text, lineNo, errors);
    }

    /** {@link #read} of a line given as text. */
    public boolean read(String line, int lineNo, Diagnostics errors) {
        byte[] b = line.getBytes(StandardCharsets.UTF_8);
        return read(b, 0, b.length, lineNo, errors);
    }

    private boolean onlyTag() {
        return count == 0 && tag != null;
    }

    /**
     * key=value pairs of plain ASCII up to a comment ({@code #} at a word's start), each key once,
     * each value a number of the grammar: false for anything else. One pass over the bytes: a word
     * that repeats the word at the same place on the line before (the common case: every line
     * of a file has the same keys, most the same tag) is taken by comparing its bytes, without
     * hashing it again, and a number is read as it is scanned ({@link DecimalBytes#scan}).
     */
    private boolean fast(byte[] b, int from, int to, boolean valued) {
        count = 0;
        tag = null;
        int i = from;
        int word = 0;
        while (true) {
            while (i < to && (b[i] == ' ' || b[i] == '\t')) {
                i++;
            }
            if (i >= to || b[i] == '#') {
                return true;
            }
            int start = i;
            String key = recent.same(word, b, start, to);
            int eq = key == null ? -1 : start + key.length();
            if (eq < 0 || eq >= to || b[eq] != '=') {
                eq = keyEnd(b, start, to);
                if (eq == start || eq >= to || b[eq] != '=') {
                    return false;
                }
                key = recent.remember(word, b, start, eq, words.intern(b, start, eq));
            }
            word++;
            i = eq + 1;
            if (key == tagKey || key == shortTagKey) {
                if (tag != null) {
                    return false;
                }
                tag = recent.same(word, b, i, to);
                int end = tag == null ? -1 : i + tag.length();
                if (end < 0 || end < to && b[end] != ' ' && b[end] != '\t') {
                    end = wordEnd(b, i, to);
                    if (end <= i) {
                        return false;
                    }
                    tag = recent.remember(word, b, i, end, words.intern(b, i, end));
                }
                word++;
                i = end;
                continue;
            }
            int end = valued || key == execsKey ? numbers.scan(b, i, to) : numbers.check(b, i, to);
            if (end < 0 || end < to && b[end] != ' ' && b[end] != '\t') {
                return false;
            }
            for (int k = 0; k < count; k++) {
                if (keys[k] == key) {
                    return false;
                }
            }
            add(key, valued || key == execsKey ? numbers.value() : Double.NaN, start - from + 1);
            i = end;
        }
    }

    /** The end of the key that starts at {@code b[from]}: a letter or _, then letters, digits, _ (from itself when none). */
    private static int keyEnd(byte[] b, int from, int to) {
        int i = from;
        while (i < to) {
            byte c = b[i];
            boolean letter = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_';
            if (!letter && (i == from || c < '0' || c > '9')) {
                break;
            }
            i++;
        }
        return i;
    }

    /** The end of the word (up to a blank) that starts at {@code b[from]}; -1 when it holds a control or non-ASCII byte. */
    private static int wordEnd(byte[] b, int from, int to) {
        int i = from;
        while (i < to) {
            byte c = b[i];
            if (c == ' ' || c == '\t') {
                break;
            }
            if (c < ' ') {
                // control characters and every non-ASCII byte (negative)
                return -1;
            }
            i++;
        }
        return i;
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

    private static boolean isKey(String key) {
        byte[] b = key.getBytes(StandardCharsets.UTF_8);
        return b.length == key.length() && !key.isEmpty() && keyEnd(b, 0, b.length) == b.length;
    }

    /**
     * The line the careful way: its first problem reported at its column, with how many more it
     * holds; false when it has any.
     */
    private boolean careful(String line, int lineNo, Diagnostics diagnostics) {
        count = 0;
        tag = null;
        boolean bad = false;
        int i = 0;
        int n = line.length();
        SourceLocation first = null;
        LineErrors errors = new LineErrors(diagnostics);
        while (i < n) {
            while (i < n && Character.isWhitespace(line.charAt(i))) {
                i++;
            }
            if (i >= n) {
                break;
            }
            int start = i;
            while (i < n && !Character.isWhitespace(line.charAt(i))) {
                i++;
            }
            String token = line.substring(start, i);
            SourceLocation at = SourceLocation.of(file, lineNo, start + 1);
            if (first == null) {
                first = at;
            }
            int eq = token.indexOf('=');
            if (eq < 0) {
                errors.error(at, "expected key=value, found '" + token + "'");
                bad = true;
                continue;
            }
            String key = token.substring(0, eq);
            String value = token.substring(eq + 1);
            if (key.isEmpty()) {
                errors.error(at, "missing key before '='");
                bad = true;
                continue;
            }
            if (!isKey(key)) {
                errors.error(at, "bad key '" + key + "' (keys are names: letters, digits, _)");
                bad = true;
                continue;
            }
            SourceLocation valueAt = at.plusColumns(eq + 1);
            if (value.isEmpty()) {
                errors.error(valueAt, "missing value for '" + key + "'");
                bad = true;
                continue;
            }
            byte[] kb = key.getBytes(StandardCharsets.US_ASCII);
            String interned = words.intern(kb, 0, kb.length);
            if (isTag(interned)) {
                if (tag != null) {
                    errors.error(at, "fragment tag given twice on one line");
                    bad = true;
                }
                tag = value;
                continue;
            }
            if (has(interned)) {
                errors.error(at, "key '" + key + "' given twice on one line");
                bad = true;
                continue;
            }
            java.util.OptionalDouble v = Numbers.parse(value);
            if (v.isEmpty()) {
                errors.error(valueAt, "bad value '" + value + "' for '" + key + "': " + Numbers.problem(value));
                bad = true;
                continue;
            }
            add(interned, v.getAsDouble(), start + 1);
        }
        errors.flush();
        if (!bad && count == 0 && first != null) {
            diagnostics.error(first, "line has no values, only a fragment tag");
            return false;
        }
        return !bad;
    }

    private boolean has(String key) {
        for (int k = 0; k < count; k++) {
            if (keys[k] == key) {
                return true;
            }
        }
        return false;
    }

    /** A data line to write: {@code PpLineCodec.line("cffts").text("n", "256").whole("procs", 16)...end()}. */
    public static Writer line(String tag) {
        return new Writer(tag);
    }

    /** The pairs of one line, in the order they are added. */
    public static final class Writer {

        private final StringBuilder b = new StringBuilder(160);

        private Writer(String tag) {
            b.append("tag=").append(tag);
        }

        /** A value as the user typed it (a {@code --vars} value). */
        public Writer text(String key, String value) {
            b.append(' ').append(key).append('=').append(value);
            return this;
        }

        public Writer whole(String key, long value) {
            b.append(' ').append(key).append('=').append(value);
            return this;
        }

        /** Up to 7 significant digits ({@link NumberText#plain}). */
        public Writer number(String key, double value) {
            b.append(' ').append(key).append('=').append(NumberText.plain(value));
            return this;
        }

        /** A measured time in seconds: {@link #number}, and 0 below half a nanosecond (the clock's noise). */
        public Writer seconds(String key, double value) {
            b.append(' ').append(key).append('=').append(Math.abs(value) < 5e-10 ? "0" : NumberText.plain(value));
            return this;
        }

        /** The spread of the threads' busy times: {@code thr= tmean= tsd=} ({@link #THREADS}). */
        public Writer spread(double threads, double mean, double sd) {
            return number(THREADS, threads).seconds(BUSY_MEAN, mean).seconds(BUSY_SD, sd);
        }

        /** The line with its newline. */
        public String end() {
            return b.append('\n').toString();
        }
    }
}
