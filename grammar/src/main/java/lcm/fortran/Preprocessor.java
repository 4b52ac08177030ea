package lcm.fortran;

import lcm.source.Diagnostics;
import lcm.source.SourceLocation;
import lcm.source.SourceText;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What a compiler does to the physical lines before it reads Fortran: conditional-compilation
 * lines ({@code !$ ...}, and {@code c$ }/{@code *$ } in fixed form) become code when OpenMP is
 * on, and C-preprocessor lines ({@code #if}, {@code #ifdef}, {@code #ifndef}, {@code #elif},
 * {@code #else}, {@code #endif}, {@code #define}, {@code #undef}, {@code #include}) select the
 * lines read. Lines keep their numbers: a line left out becomes blank. An {@code #if} that the
 * {@code -D} names do not decide (no {@code -D} given and a name the file does not define)
 * takes its first side, with a warning.
 */
final class Preprocessor {

    private static final Pattern DIRECTIVE = Pattern.compile("^\\s*#\\s*([a-z]+)\\b\\s*(.*)$");
    private static final Pattern INCLUDE = Pattern.compile("^[\"<](.+?)[\">]\\s*$");
    private static final Pattern NAME = Pattern.compile("^([A-Za-z_][A-Za-z0-9_]*)\\s*(.*)$");
    private static final int MAX_EXPRESSION_DEPTH = 100;

    /** The lines to read, and the {@code #include} names by line number. */
    record Result(SourceText text, Map<Integer, String> includes) {
    }

    private final FortranOptions options;
    private final Diagnostics diagnostics;

    Preprocessor(FortranOptions options, Diagnostics diagnostics) {
        this.options = options;
        this.diagnostics = diagnostics;
    }

    /** One side of an open {@code #if}. */
    private static final class Cond {
        final boolean outerActive;
        boolean active;
        boolean taken;
        final SourceLocation at;

        Cond(boolean outerActive, boolean active, SourceLocation at) {
            this.outerActive = outerActive;
            this.active = outerActive && active;
            this.taken = active;
            this.at = at;
        }
    }

    Result apply(SourceText text, SourceForm form) {
        List<String> in = text.lines();
        List<String> out = null;
        Map<Integer, String> includes = new TreeMap<>();
        Map<String, String> defined = new LinkedHashMap<>(options.defines());
        Deque<Cond> conds = new ArrayDeque<>();
        for (int i = 0; i < in.size(); i++) {
            String line = in.get(i);
            String replaced = line;
            if (isPreprocessorLine(line)) {
                replaced = "";
                directive(text, i + 1, line, conds, defined, includes);
            } else if (!conds.isEmpty() && !conds.peek().active) {
                replaced = "";
            } else if (options.openmp()) {
                replaced = conditionalCompilation(line, form);
            }
            if (!replaced.equals(line)) {
                if (out == null) {
                    out = new ArrayList<>(in);
                }
                out.set(i, replaced);
            }
        }
        for (Cond c : conds) {
            diagnostics.warning(c.at, "'#if' without '#endif' before the end of the file");
        }
        SourceText result = out == null ? text : new SourceText(text.path(), text.text(), out);
        return new Result(result, includes);
    }

    private static boolean isPreprocessorLine(String line) {
        int i = LineLayer.leadingBlanks(line);
        return i < line.length() && line.charAt(i) == '#';
    }

    /**
     * A conditional-compilation line as code: {@code !$ x = 1} reads {@code    x = 1}; in fixed
     * form {@code c$}, {@code C$}, {@code *$} and {@code !$} in columns 1-2 are replaced by blanks
     * when column 3 is a blank, a digit (a label) or the line ends there; {@code !$omp} is not
     * such a line.
     */
    static String conditionalCompilation(String line, SourceForm form) {
        if (form == SourceForm.FIXED) {
            if (line.length() >= 2 && line.charAt(1) == '$' && "cC*!".indexOf(line.charAt(0)) >= 0
                    && (line.length() == 2 || line.charAt(2) == ' ' || line.charAt(2) == '\t'
                    || Character.isDigit(line.charAt(2)))) {
                return "  " + line.substring(2);
            }
            return line;
        }
        int i = LineLayer.leadingBlanks(line);
        if (line.startsWith("!$", i) && (line.length() == i + 2 || line.charAt(i + 2) == ' ' || line.charAt(i + 2) == '&'
                || line.charAt(i + 2) == '\t')) {
            return line.substring(0, i) + "  " + line.substring(i + 2);
        }
        return line;
    }

    private void directive(SourceText text, int n, String line, Deque<Cond> conds, Map<String, String> defined,
                           Map<Integer, String> includes) {
        SourceLocation at = new SourceLocation(text.path(), n, LineLayer.leadingBlanks(line) + 1);
        Matcher m = DIRECTIVE.matcher(line);
        if (!m.matches()) {
            return; // "#" alone, "# 12 "file"" line markers: nothing to do
        }
        String word = m.group(1);
        String rest = stripComment(m.group(2)).strip();
        boolean active = conds.isEmpty() || conds.peek().active;
        switch (word) {
            case "if", "ifdef", "ifndef" -> {
                boolean side = active && decide(word, rest, defined, at);
                conds.push(new Cond(active, side, at));
            }
            case "elif" -> {
                Cond c = conds.peek();
                if (c == null) {
                    diagnostics.warning(at, "'#elif' without '#if'; ignored");
                    return;
                }
                boolean side = c.outerActive && !c.taken && decide("if", rest, defined, at);
                c.active = side;
                c.taken |= side;
            }
            case "else" -> {
                Cond c = conds.peek();
                if (c == null) {
                    diagnostics.warning(at, "'#else' without '#if'; ignored");
                    return;
                }
                c.active = c.outerActive && !c.taken;
                c.taken = true;
            }
            case "endif" -> {
                if (conds.isEmpty()) {
                    diagnostics.warning(at, "'#endif' without '#if'; ignored");
                } else {
                    conds.pop();
                }
            }
            case "define" -> {
                Matcher d = NAME.matcher(rest);
                if (active && d.matches()) {
                    defined.put(d.group(1), d.group(2).isBlank() ? "1" : d.group(2).strip());
                }
            }
            case "undef" -> {
                if (active) {
                    defined.remove(rest);
                }
            }
            case "include" -> {
                Matcher inc = INCLUDE.matcher(rest);
                if (!active) {
                    return;
                }
                if (inc.matches()) {
                    includes.put(n, inc.group(1));
                } else {
                    diagnostics.warning(at, "cannot read '#include " + rest + "'; expected \"file\"");
                }
            }
            default -> {
                // #pragma, #line, #error in a skipped side ...: not part of what lcm reads
            }
        }
    }

    private static String stripComment(String s) {
        int c = s.indexOf("/*");
        s = c >= 0 ? s.substring(0, c) : s;
        int d = s.indexOf("//");
        return d >= 0 ? s.substring(0, d) : s;
    }

    /** Whether the first side of {@code #if/#ifdef/#ifndef rest} is taken. */
    private boolean decide(String word, String rest, Map<String, String> defined, SourceLocation at) {
        String condition = switch (word) {
            case "ifdef" -> "defined(" + rest + ")";
            case "ifndef" -> "!defined(" + rest + ")";
            default -> rest;
        };
        Condition c = new Condition(condition, defined, options.defines().isEmpty());
        Long value;
        try {
            value = c.value();
        } catch (IllegalArgumentException e) {
            diagnostics.warning(at, "cannot read '#" + word + " " + rest + "' (" + e.getMessage()
                    + "); reading its first side");
            return true;
        }
        if (value == null) {
            diagnostics.warning(at, "'#" + word + " " + rest + "' depends on " + String.join(", ", c.undecided)
                    + ", which no -D defines; reading its first side (-D NAME selects a side)");
            return true;
        }
        return value != 0;
    }

    /**
     * The value of a {@code #if} condition: integers, names (their {@code -D} or {@code #define}
     * value, 0 if undefined), {@code defined(NAME)}, {@code ! && || == != < > <= >= + - * /}
     * and parentheses. With {@code undecidedIfUnknown}, a name nobody defined makes the value
     * unknown (null) instead of 0.
     */
    private static final class Condition {
        private final String text;
        private final Map<String, String> defined;
        private final boolean undecidedIfUnknown;
        private final List<String> undecided = new ArrayList<>();
        private int pos;
        private int depth;

        Condition(String text, Map<String, String> defined, boolean undecidedIfUnknown) {
            this.text = text;
            this.defined = defined;
            this.undecidedIfUnknown = undecidedIfUnknown;
        }

        Long value() {
            long v = or();
            skip();
            if (pos < text.length()) {
                throw new IllegalArgumentException("unexpected '" + text.charAt(pos) + "'");
            }
            return undecided.isEmpty() ? v : null;
        }

        private long or() {
            long v = and();
            while (eat("||")) {
                long r = and();
                v = v != 0 || r != 0 ? 1 : 0;
            }
            return v;
        }

        private long and() {
            long v = compare();
            while (eat("&&")) {
                long r = compare();
                v = v != 0 && r != 0 ? 1 : 0;
            }
            return v;
        }

        private long compare() {
            long v = sum();
            while (true) {
                if (eat("==")) {
                    v = v == sum() ? 1 : 0;
                } else if (eat("!=")) {
                    v = v != sum() ? 1 : 0;
                } else if (eat("<=")) {
                    v = v <= sum() ? 1 : 0;
                } else if (eat(">=")) {
                    v = v >= sum() ? 1 : 0;
                } else if (eat("<")) {
                    v = v < sum() ? 1 : 0;
                } else if (eat(">")) {
                    v = v > sum() ? 1 : 0;
                } else {
                    return v;
                }
            }
        }

        private long sum() {
            long v = product();
            while (true) {
                if (eat("+")) {
                    v += product();
                } else if (eat("-")) {
                    v -= product();
                } else {
                    return v;
                }
            }
        }

        private long product() {
            long v = unary();
            while (true) {
                if (eat("*")) {
                    v *= unary();
                } else if (peek('/') && !text.startsWith("//", pos)) {
                    pos++;
                    long d = unary();
                    v = d == 0 ? 0 : v / d;
                } else {
                    return v;
                }
            }
        }

        private long unary() {
            if (++depth > MAX_EXPRESSION_DEPTH) {
                throw new IllegalArgumentException("nested more than " + MAX_EXPRESSION_DEPTH + " deep");
            }
            try {
                if (eat("!")) {
                    return unary() == 0 ? 1 : 0;
                }
                if (eat("-")) {
                    return -unary();
                }
                if (eat("(")) {
                    long v = or();
                    expect(")");
                    return v;
                }
                skip();
                int start = pos;
                while (pos < text.length() && (Character.isLetterOrDigit(text.charAt(pos)) || text.charAt(pos) == '_')) {
                    pos++;
                }
                String word = text.substring(start, pos);
                if (word.isEmpty()) {
                    throw new IllegalArgumentException(pos < text.length() ? "unexpected '" + text.charAt(pos) + "'"
                            : "expecting a name or a number");
                }
                if (Character.isDigit(word.charAt(0))) {
                    return number(word);
                }
                if (word.equals("defined")) {
                    boolean paren = eat("(");
                    skip();
                    int s = pos;
                    while (pos < text.length() && (Character.isLetterOrDigit(text.charAt(pos)) || text.charAt(pos) == '_')) {
                        pos++;
                    }
                    String name = text.substring(s, pos);
                    if (name.isEmpty()) {
                        throw new IllegalArgumentException("expecting a name after 'defined'");
                    }
                    if (paren) {
                        expect(")");
                    }
                    return known(name) ? (defined.containsKey(name) ? 1 : 0) : 0;
                }
                if (!known(word)) {
                    return 0;
                }
                String value = defined.get(word);
                return value == null ? 0 : value.matches("\\d{1,18}") ? Long.parseLong(value) : 1;
            } finally {
                depth--;
            }
        }

        private boolean known(String name) {
            if (defined.containsKey(name) || !undecidedIfUnknown) {
                return true;
            }
            if (!undecided.contains(name)) {
                undecided.add(name);
            }
            return false;
        }

        private static long number(String word) {
            String digits = word.replaceAll("[uUlL]+$", "");
            if (!digits.matches("\\d{1,18}")) {
                throw new IllegalArgumentException("number '" + word + "' out of range");
            }
            return Long.parseLong(digits);
        }

        private void skip() {
            while (pos < text.length() && Character.isWhitespace(text.charAt(pos))) {
                pos++;
            }
        }

        private boolean peek(char c) {
            skip();
            return pos < text.length() && text.charAt(pos) == c;
        }

        private boolean eat(String token) {
            skip();
            if (text.startsWith(token, pos)) {
                // "<" must not eat the first half of "<=", "!" not the first of "!="
                if ((token.equals("<") || token.equals(">") || token.equals("!")) && text.startsWith("=", pos + 1)) {
                    return false;
                }
                pos += token.length();
                return true;
            }
            return false;
        }

        private void expect(String token) {
            if (!eat(token)) {
                throw new IllegalArgumentException("expecting '" + token + "'");
            }
        }
    }
}
