package lcm.pp;

import lcm.expr.Numbers;
import lcm.source.Diagnostics;
import lcm.source.LineErrors;
import lcm.source.SourceLocation;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads the header lines of {@link PpHeader}: which kind a comment line is, and each value
 * checked where it stands, so that a bad one is an error at its column
 * ({@code bad value '99999999999999999999' for 'processors': expected a whole number ...}).
 */
final class PpHeaderReader {

    private PpHeaderReader() {
    }

    /** {@code p = 16 processors} at the start of a run header. */
    private static final Pattern RUN_P = Pattern.compile("#\\s*run:\\s*p\\s*=\\s*(\\S*?)\\s*processors?\\b");
    /** {@code # machine: HOST, CPU, N processors, SYSTEM; load average 1 5 15 (...)}: host, CPU and system optional. */
    private static final Pattern MACHINE = Pattern.compile(
            "# machine: (?:(.*?), )?(?:(.*), )?(\\S*) processors(?:, ([^;]*))?(?:; load average (\\S*)(?: (\\S*) (\\S*))?.*)?");
    private static final Pattern MARK = Pattern.compile("# campaign (\\S+): task (\\S+) \\((.*)\\); (\\S+) s");
    private static final Pattern CO_RUNNER = Pattern.compile(
            "# co-runner: (\\S+) slowdown (\\S*) at pressure (\\S*); pressure (\\S*) \\(pc (\\S*) s beside, (\\S*) s alone\\)");
    private static final Pattern TIME = Pattern.compile("\\s*(time|command) (\\S*) s\\b.*");
    private static final Pattern SETTING = Pattern.compile("\\s*([^=]*?)\\s*=\\s*(.*?)\\s*");
    private static final Pattern NAME = Pattern.compile("[A-Za-z_][A-Za-z0-9_]*");

    /**
     * The header line {@code line} (number {@code lineNo} of {@code file}) stands for, if it is
     * one; empty for any other line, and for a header with a bad value (reported in
     * {@code errors}: the first bad value of the line, at its column).
     */
    static Optional<PpHeader> read(String line, Path file, int lineNo, Diagnostics errors) {
        LineErrors bad = new LineErrors(errors);
        Optional<PpHeader> h = read(line, file, lineNo, bad);
        boolean any = bad.any();
        bad.flush();
        return any ? Optional.empty() : h;
    }

    private static Optional<PpHeader> read(String line, Path file, int lineNo, LineErrors bad) {
        String text = line.stripTrailing();
        int indent = text.length() - text.stripLeading().length();
        text = text.substring(indent);
        Matcher run = RUN_P.matcher(text);
        if (run.lookingAt()) {
            return run(text, run, new Located(file, lineNo, indent, bad));
        }
        Matcher machine = MACHINE.matcher(text);
        if (machine.matches()) {
            Located at = new Located(file, lineNo, indent, bad);
            double processors = at.whole(machine, 3, "processors");
            List<Double> load = List.of();
            if (machine.group(5) != null) {
                load = machine.group(6) == null ? List.of(at.number(machine, 5, "load average"))
                        : List.of(at.number(machine, 5, "load average"), at.number(machine, 6, "load average"),
                        at.number(machine, 7, "load average"));
            }
            return Optional.of(new PpHeader.Machine(orEmpty(machine.group(1)), orEmpty(machine.group(2)), (int) processors,
                    machine.group(4) == null ? "" : machine.group(4), load));
        }
        Matcher mark = MARK.matcher(text);
        if (mark.matches()) {
            Located at = new Located(file, lineNo, indent, bad);
            double task = at.whole(mark, 2, "task");
            double seconds = mark.group(4).equals("NaN") ? Double.NaN : at.number(mark, 4, "seconds");
            return Optional.of(new PpHeader.Mark(mark.group(1), (int) task, mark.group(3), seconds));
        }
        Matcher co = CO_RUNNER.matcher(text);
        if (co.matches()) {
            Located at = new Located(file, lineNo, indent, bad);
            return Optional.of(new PpHeader.CoRunner(co.group(1), at.number(co, 2, "slowdown"), at.number(co, 3, "at pressure"),
                    at.number(co, 4, "pressure"), at.number(co, 5, "pc beside"), at.number(co, 6, "pc alone")));
        }
        return Optional.empty();
    }

    private static String orEmpty(String s) {
        return s == null ? "" : s;
    }

    private static Optional<PpHeader> run(String text, Matcher p, Located at) {
        double processors = at.number(p, 1, "p");
        double time = Double.NaN;
        double command = Double.NaN;
        Map<String, String> variables = new LinkedHashMap<>();
        int from = p.end();
        while (from < text.length()) {
            int semicolon = text.indexOf(';', from);
            int to = semicolon < 0 ? text.length() : semicolon;
            String part = text.substring(from, to);
            Matcher t = TIME.matcher(part);
            Matcher s = SETTING.matcher(part);
            if (t.matches()) {
                double v = at.number(t.group(2), from + t.start(2), t.group(1));
                if (t.group(1).equals("time")) {
                    time = v;
                } else {
                    command = v;
                }
            } else if (s.matches() && !PpLineCodec.isTag(s.group(1))) {
                int column = from + s.start(1);
                if (!NAME.matcher(s.group(1)).matches()) {
                    at.error(column, "bad variable name '" + s.group(1) + "' (names are letters, digits, _)");
                } else if (s.group(2).isEmpty()) {
                    at.error(from + s.start(2), "missing value for '" + s.group(1) + "'");
                } else {
                    at.number(s.group(2), from + s.start(2), s.group(1));
                    variables.put(s.group(1), s.group(2));
                }
            }
            from = to + 1;
        }
        return Optional.of(new PpHeader.Run(processors, time, command, variables));
    }

    /** Values of one header line, checked where they stand. */
    private static final class Located {
        private final Path file;
        private final int lineNo;
        private final int indent;
        private final LineErrors bad;

        Located(Path file, int lineNo, int indent, LineErrors bad) {
            this.file = file;
            this.lineNo = lineNo;
            this.indent = indent;
            this.bad = bad;
        }

        void error(int index, String message) {
            bad.error(SourceLocation.of(file, lineNo, indent + index + 1), message);
        }

        double number(Matcher m, int group, String what) {
            return number(m.group(group), m.start(group), what);
        }

        /** The number {@code text} at index {@code index} of the stripped line; NaN, reported, when it is none. */
        double number(String text, int index, String what) {
            if (text.isEmpty()) {
                error(index, "missing value for '" + what + "'");
                return Double.NaN;
            }
            OptionalDouble v = Numbers.parse(text);
            if (v.isEmpty()) {
                error(index, "bad value '" + text + "' for '" + what + "': " + Numbers.problem(text));
                return Double.NaN;
            }
            return v.getAsDouble();
        }

        /** A whole number from 0 to 2^31 - 1. */
        double whole(Matcher m, int group, String what) {
            double v = number(m, group, what);
            if (!Double.isNaN(v) && (v < 0 || v > Integer.MAX_VALUE || v != Math.rint(v))) {
                error(m.start(group), "bad value '" + m.group(group) + "' for '" + what + "': expected a whole number "
                        + "from 0 to " + Integer.MAX_VALUE);
                return Double.NaN;
            }
            return v;
        }
    }
}
