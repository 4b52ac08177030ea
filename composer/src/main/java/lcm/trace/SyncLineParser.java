package lcm.trace;

import java.util.Arrays;
import java.nio.charset.StandardCharsets;
import lcm.source.UserError;
import lcm.expr.NumberText;
import lcm.source.Diagnostic;
import lcm.source.SourceLocation;

import java.nio.file.Path;
import java.util.Locale;
import java.util.Optional;

/**
 * Turns the event lines of one task of a synchronization trace into steps, checking them:
 * fragments begin and end, do not nest, their times are >= 0 and do not go backwards. One
 * parser per task, fed that task's lines in order; used both to check a whole file and to
 * stream a task's steps from it.
 */
final class SyncLineParser {

    static final String EVENTS = "begin, end, post, wait or barrier";

    /** A fragment execution that has begun and not ended; {@code last} moves with its events. */
    private static final class Open {
        private final String tag;
        private double last;
        private final SourceLocation begun;

        Open(String tag, double last, SourceLocation begun) {
            this.tag = tag;
            this.last = last;
            this.begun = begun;
        }

        String tag() {
            return tag;
        }

        double last() {
            return last;
        }

        SourceLocation begun() {
            return begun;
        }
    }

    private final Path file;
    private final String task;
    private Open open;
    private boolean damaged;

    SyncLineParser(Path file, String task) {
        this.file = file;
        this.task = task;
    }

    /** The name after {@code task} if {@code text} is a task line ("" if it has none), else null. */
    static String taskName(String text) {
        int i = 0;
        while (i < text.length() && Character.isWhitespace(text.charAt(i))) {
            i++;
        }
        if (i == text.length() || (text.charAt(i) != 't' && text.charAt(i) != 'T')) {
            return null;
        }
        String body = LineFields.uncommented(text).trim();
        if (body.regionMatches(true, 0, "task", 0, 4) && (body.length() == 4 || Character.isWhitespace(body.charAt(4)))) {
            return body.substring(4).trim();
        }
        return null;
    }

    static boolean isBlank(String text) {
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c == '#') {
                return true;
            }
            if (!Character.isWhitespace(c)) {
                return false;
            }
        }
        return true;
    }

    /** The last fragment tag seen, as bytes and as text, and the names of its begin and end marks. */
    private byte[] tagBytes = new byte[0];
    private String tagText;
    private String beginName;
    private String endName;

    /** Powers of ten that doubles hold exactly. */
    private static final double[] POW10 = new double[23];

    static {
        POW10[0] = 1;
        for (int i = 1; i < POW10.length; i++) {
            POW10[i] = POW10[i - 1] * 10;
        }
    }

    /**
     * The step of one event line held as bytes {@code b[from, to)} (not blank, not a task line).
     * Plain lines ({@code tag, event, name, time} in ASCII, a plain decimal time) are parsed
     * here without building the line's text; anything else, and every line with a problem, goes
     * through {@link #step(int, String)}, so the messages are the same.
     */
    Step step(byte[] b, int from, int to, int number) {
        // the fields: tag up to the first comma, event up to the second, time after the last
        int c1 = comma(b, from, to);
        int c2 = c1 < 0 ? -1 : comma(b, c1 + 1, to);
        if (c2 < 0) {
            return slow(b, from, to, number);
        }
        int last = to - 1;
        while (last > c2 && b[last] != ',') {
            last--;
        }
        if (last == c2 || !plain(b, c2 + 1, last)) {
            return slow(b, from, to, number);
        }
        int tagFrom = skip(b, from, c1);
        int tagTo = trim(b, tagFrom, c1);
        int evFrom = skip(b, c1 + 1, c2);
        int evTo = trim(b, evFrom, c2);
        int nameFrom = skip(b, c2 + 1, last);
        int nameTo = trim(b, nameFrom, last);
        int timeFrom = skip(b, last + 1, to);
        int timeTo = trim(b, timeFrom, to);
        double time = decimal(b, timeFrom, timeTo);
        if (tagTo == tagFrom || !(time >= 0)) {
            return slow(b, from, to, number);
        }
        int event = event(b, evFrom, evTo);
        boolean named = nameTo > nameFrom;
        Open o = open;
        if (event < 0 || (event == BEGIN) != (o == null) || (event > END && !named)) {
            return slow(b, from, to, number);
        }
        String tag = tag(b, tagFrom, tagTo);
        if (o != null && (!o.tag().equals(tag) || time < o.last)) {
            return slow(b, from, to, number);
        }
        SourceLocation at = SourceLocation.of(file, number, evFrom - from + 1);
        if (event == BEGIN) {
            open = new Open(tag, time, at);
            damaged = false;
            return new Step(Step.Kind.MARK, beginName, 0, tag, 0, null, at);
        }
        double work = time - o.last;
        if (event == END) {
            open = null;
            return new Step(Step.Kind.MARK, endName, work, tag, 0, null, at);
        }
        o.last = time;
        String name = new String(b, nameFrom, nameTo - nameFrom, StandardCharsets.ISO_8859_1);
        Step.Kind kind = event == POST ? Step.Kind.POST : event == WAIT ? Step.Kind.WAIT : Step.Kind.BARRIER;
        return new Step(kind, name, work, tag, 0, null, at);
    }

    /**
     * The first comma in {@code b[from, to)}, or -1 if there is none or a byte before it is one
     * the fast path leaves to {@link #step(int, String)} (see {@link #plain}).
     */
    private static int comma(byte[] b, int from, int to) {
        for (int i = from; i < to; i++) {
            byte x = b[i];
            if (x == ',') {
                return i;
            }
            if (x <= '#' && x != ' ' && x != '\t' && x != '!') {
                return -1;
            }
        }
        return -1;
    }

    /**
     * True if {@code b[from, to)} holds only printable ASCII, blanks and tabs, and no {@code #}
     * (a comment) or {@code "} (a quoted field): the bytes the fast path reads as they are.
     */
    private static boolean plain(byte[] b, int from, int to) {
        for (int i = from; i < to; i++) {
            byte x = b[i];
            if (x <= '#' && x != ' ' && x != '\t' && x != '!') {
                return false;
            }
        }
        return true;
    }

    private static final int BEGIN = 0;
    private static final int END = 1;
    private static final int POST = 2;
    private static final int WAIT = 3;
    private static final int BARRIER = 4;
    private static final byte[][] WORDS = {"begin".getBytes(StandardCharsets.US_ASCII), "end".getBytes(StandardCharsets.US_ASCII),
            "post".getBytes(StandardCharsets.US_ASCII), "wait".getBytes(StandardCharsets.US_ASCII),
            "barrier".getBytes(StandardCharsets.US_ASCII)};

    /** The event word in {@code b[from, to)}, in any case: BEGIN ... BARRIER, or -1. */
    private static int event(byte[] b, int from, int to) {
        int w = switch (to - from) {
            case 3 -> END;
            case 4 -> (b[from] | 0x20) == 'p' ? POST : WAIT;
            case 5 -> BEGIN;
            case 7 -> BARRIER;
            default -> -1;
        };
        if (w < 0) {
            return -1;
        }
        byte[] word = WORDS[w];
        for (int i = 0; i < word.length; i++) {
            if ((b[from + i] | 0x20) != word[i]) {
                return -1;
            }
        }
        return w;
    }

    private String tag(byte[] b, int from, int to) {
        if (tagText != null && sameTag(b, from, to)) {
            return tagText;
        }
        tagBytes = Arrays.copyOfRange(b, from, to);
        tagText = new String(tagBytes, StandardCharsets.ISO_8859_1);
        beginName = "begin " + tagText;
        endName = "end " + tagText;
        return tagText;
    }

    /** {@code b[from, to)} equals the last tag (a plain loop: tags are short). */
    private boolean sameTag(byte[] b, int from, int to) {
        byte[] t = tagBytes;
        if (to - from != t.length) {
            return false;
        }
        for (int i = 0; i < t.length; i++) {
            if (b[from + i] != t[i]) {
                return false;
            }
        }
        return true;
    }

    private static int skip(byte[] b, int from, int to) {
        while (from < to && (b[from] == ' ' || b[from] == '\t')) {
            from++;
        }
        return from;
    }

    private static int trim(byte[] b, int from, int to) {
        while (to > from && (b[to - 1] == ' ' || b[to - 1] == '\t')) {
            to--;
        }
        return to;
    }

    /** {@code digits[.digits]} with at most 15 significant digits, exactly rounded; NaN for anything else. */
    static double decimal(byte[] b, int from, int to) {
        long mantissa = 0;
        int digits = 0;
        int fraction = -1;
        for (int i = from; i < to; i++) {
            byte x = b[i];
            if (x >= '0' && x <= '9') {
                mantissa = mantissa * 10 + (x - '0');
                if (mantissa != 0 || fraction >= 0) {
                    digits++;
                }
                if (fraction >= 0) {
                    fraction++;
                }
            } else if (x == '.' && fraction < 0) {
                fraction = 0;
            } else {
                return Double.NaN;
            }
        }
        if (to == from || digits > 15 || fraction == 0 || fraction > 22 || (fraction < 0 && to - from > 15)) {
            return Double.NaN;
        }
        return fraction <= 0 ? mantissa : mantissa / POW10[fraction];
    }

    private Step slow(byte[] b, int from, int to, int number) {
        return step(number, new String(b, from, to - from, StandardCharsets.UTF_8));
    }

    /** The step of one event line (not blank, not a task line); a UserError if it is wrong. */
    Step step(int number, String text) {
        try {
            return parse(LineFields.commaSeparated(file, number, text, 4));
        } catch (UserError e) {
            damaged = open != null; // its end may be the line that failed: do not also say it never ends
            throw e;
        }
    }

    private Step parse(LineFields f) {
        String tag = f.text(0);
        String event = f.text(1).toLowerCase(Locale.ROOT);
        String name = f.text(2);
        if (tag.isEmpty()) {
            throw f.error(0, "missing fragment tag");
        }
        double time = f.number(3, "time");
        if (time < 0) {
            throw f.error(3, "negative time " + f.text(3) + ": times are relative to the fragment's start");
        }
        switch (event) {
            case "begin" -> {
                if (open != null) {
                    throw f.error(1, "'begin' of fragment " + tag + " inside fragment " + open.tag()
                            + ", which began at line " + open.begun().line() + " (fragments do not nest)");
                }
                open = new Open(tag, time, f.at(1));
                damaged = false;
                return Step.mark("begin " + tag).withWork(0, tag).at(f.at(1));
            }
            case "end", "post", "wait", "barrier" -> {
                if (open == null) {
                    throw f.error(1, "'" + event + "' outside a fragment: no 'begin' of " + tag + " before it in task " + task);
                }
                if (!open.tag().equals(tag)) {
                    throw f.error(0, "'" + event + "' of fragment " + tag + " inside fragment " + open.tag()
                            + ", which began at line " + open.begun().line());
                }
                if (time < open.last()) {
                    throw f.error(3, "event out of order: time " + f.text(3) + " is before the previous event of fragment "
                            + tag + " (time " + NumberText.text(open.last()) + ")");
                }
                double work = time - open.last();
                open = new Open(tag, time, open.begun());
                Step step = switch (event) {
                    case "end" -> {
                        open = null;
                        yield Step.mark("end " + tag);
                    }
                    case "post" -> Step.post(named(f, event, name));
                    case "wait" -> Step.waitFor(named(f, event, name));
                    default -> Step.barrier(named(f, event, name), 0);
                };
                return step.withWork(work, tag).at(f.at(1));
            }
            default -> throw f.error(1, "unknown event '" + f.text(1) + "' (expected " + EVENTS + ")");
        }
    }

    private static String named(LineFields f, String event, String name) {
        if (name.isEmpty()) {
            throw f.error(2, "'" + event + "' needs a name (for example ready(1))");
        }
        return name;
    }

    /** After the task's last line: an error if a fragment is still open. */
    Optional<Diagnostic> unfinished() {
        if (open == null || damaged) {
            return Optional.empty();
        }
        return Optional.of(Diagnostic.error(open.begun(), "fragment " + open.tag() + " begins here and never ends (task "
                + task + ")"));
    }
}
