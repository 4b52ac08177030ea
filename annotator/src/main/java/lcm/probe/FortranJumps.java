package lcm.probe;

import lcm.fortran.FortranStatements.Statement;
import lcm.fortran.FortranStatements.Kind;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Where a Fortran statement may jump, for the probes that must end a fragment before a jump
 * leaves it ({@link FortranProbes}): return and stop leave everything; go to (plain, computed,
 * assigned), arithmetic if, exit and cycle go to statements of the same unit (labelled ones, or
 * the end of the loop named or around); a logical if jumps where its statement does, under its
 * condition.
 */
final class FortranJumps {

    private static final Pattern GOTO = Pattern.compile("^go\\s*to\\s*(\\d+)\\s*$");
    private static final Pattern COMPUTED_GOTO = Pattern.compile("^go\\s*to\\s*\\((.*)\\).*$");
    private static final Pattern ASSIGNED_GOTO = Pattern.compile("^go\\s*to\\s*[a-z_].*$");
    private static final Pattern STOP = Pattern.compile("^(error\\s*)?stop\\b.*$");
    private static final Pattern EXIT_OR_CYCLE = Pattern.compile("^(exit|cycle)\\s*([a-z_]\\w*)?\\s*$");
    private static final Pattern ARITHMETIC_IF = Pattern.compile("^\\s*(\\d+)\\s*,\\s*(\\d+)\\s*,\\s*(\\d+)\\s*$");

    private final List<Statement> stmts;
    /** per statement: the index of the unit it is in, -1 outside */
    private final int[] unitOf;
    private final List<FortranProbes.Loop> loops;

    FortranJumps(List<Statement> stmts, int[] unitOf, List<FortranProbes.Loop> loops) {
        this.stmts = stmts;
        this.unitOf = unitOf;
        this.loops = loops;
    }

    /** A statement that may leave fragments: where it goes. */
    record Jump(int statement, String condition, List<Integer> targets, boolean leavesAll, String what) {
    }

    /** Where statement i may jump, or null if it does not. */
    Jump jump(int i) {
        Statement s = stmts.get(i);
        if (s.kind() == Kind.RETURN) {
            return new Jump(i, null, List.of(), true, "return");
        }
        if (s.kind() == Kind.LOGICAL_IF) {
            String text = s.text();
            int open = text.indexOf('(');
            int close = open < 0 ? -1 : matchingParen(text, open);
            if (close < 0) {
                return null;
            }
            String inner = text.substring(close + 1).strip();
            Jump j = s.inner().map(x -> x.kind() == Kind.RETURN ? new Jump(i, null, List.of(), true, "return")
                    : simple(i, inner)).orElse(null);
            return j == null ? null : new Jump(i, text.substring(open + 1, close).strip(), j.targets(), j.leavesAll(),
                    j.what());
        }
        if (s.kind() != Kind.EXECUTABLE) {
            return null;
        }
        String text = lower(s.text());
        if (text.startsWith("if")) {
            int open = text.indexOf('(');
            int close = open < 0 ? -1 : matchingParen(text, open);
            Matcher m = close < 0 ? null : ARITHMETIC_IF.matcher(text.substring(close + 1));
            if (m != null && m.matches()) {
                return new Jump(i, null, targets(i, List.of(m.group(1), m.group(2), m.group(3))), false,
                        "arithmetic if");
            }
            return null;
        }
        return simple(i, s.text());
    }

    /** A jump that is a statement of its own (also the statement of a logical if). */
    private Jump simple(int i, String statement) {
        String text = lower(statement);
        if (STOP.matcher(text).matches()) {
            return new Jump(i, null, List.of(), true, "stop");
        }
        Matcher m = GOTO.matcher(text);
        if (m.matches()) {
            return new Jump(i, null, targets(i, List.of(m.group(1))), false, "go to");
        }
        m = COMPUTED_GOTO.matcher(text);
        if (m.matches()) {
            return new Jump(i, null, targets(i, List.of(m.group(1).split("\\s*,\\s*"))), false, "computed go to");
        }
        if (ASSIGNED_GOTO.matcher(text).matches()) {
            return new Jump(i, null, List.of(), true, "assigned go to");
        }
        Matcher exit = EXIT_OR_CYCLE.matcher(text);
        if (exit.matches()) {
            Optional<FortranProbes.Loop> loop = loopOf(i, exit.group(2) == null ? "" : exit.group(2));
            return loop.map(l -> new Jump(i, null, List.of(l.end()), false, exit.group(1))).orElse(null);
        }
        return null;
    }

    /** The loop an exit or cycle at i leaves: the one named, else the innermost around it. */
    private Optional<FortranProbes.Loop> loopOf(int i, String name) {
        return loops.stream().filter(l -> l.start() < i && i < l.end() && (name.isEmpty() || l.name().equals(name)))
                .max(Comparator.comparingInt(FortranProbes.Loop::start));
    }

    /** The statements labelled so in i's unit. */
    private List<Integer> targets(int i, List<String> labels) {
        List<Integer> out = new ArrayList<>();
        for (String label : labels) {
            String l = label.strip().replaceFirst("^0+(?=\\d)", "");
            for (int k = 0; k < stmts.size(); k++) {
                if (unitOf[k] == unitOf[i] && stmts.get(k).label().replaceFirst("^0+(?=\\d)", "").equals(l)) {
                    out.add(k);
                    break;
                }
            }
        }
        return out;
    }

    private static int matchingParen(String text, int open) {
        int depth = 0;
        char quote = 0;
        for (int k = open; k < text.length(); k++) {
            char c = text.charAt(k);
            if (quote != 0) {
                if (c == quote) {
                    quote = 0;
                }
            } else if (c == '\'' || c == '"') {
                quote = c;
            } else if (c == '(') {
                depth++;
            } else if (c == ')' && --depth == 0) {
                return k;
            }
        }
        return -1;
    }

    private static String lower(String s) {
        return s.toLowerCase(Locale.ROOT).strip();
    }
}
