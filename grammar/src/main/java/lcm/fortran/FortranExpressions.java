package lcm.fortran;

import lcm.annotation.AnnotationReader;
import lcm.antlr.Parsed;
import lcm.antlr.TextOrigin;
import lcm.expr.Expr;
import lcm.expr.Fn;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.Optional;
import java.util.Set;

/**
 * Fortran expression text read as the annotation language's expressions (names in lower case,
 * {@code **} as power, type conversions dropped; cached), and the top-level splitting of an
 * argument group that the front end's statements need.
 */
final class FortranExpressions {

    private FortranExpressions() {
    }

    /** "(a(k), n, 'x,y')" → ["a(k)", "n", "'x,y'"]: top-level commas outside strings. */
    static List<String> splitArguments(String group) {
        String inner = group.strip();
        if (inner.startsWith("(") && inner.endsWith(")")) {
            inner = inner.substring(1, inner.length() - 1);
        }
        List<String> out = new ArrayList<>();
        int depth = 0;
        char quote = 0;
        int start = 0;
        for (int i = 0; i < inner.length(); i++) {
            char c = inner.charAt(i);
            if (quote != 0) {
                if (c == quote) {
                    quote = 0;
                }
            } else if (c == '\'' || c == '"') {
                quote = c;
            } else if (c == '(' || c == '[') {
                depth++;
            } else if (c == ')' || c == ']') {
                depth--;
            } else if (c == ',' && depth == 0) {
                out.add(inner.substring(start, i).strip());
                start = i + 1;
            }
        }
        String last = inner.substring(start).strip();
        if (!last.isEmpty() || !out.isEmpty()) {
            out.add(last);
        }
        return out;
    }

    /**
     * A Fortran expression as an annotation-language expression, when it is one: names in lower
     * case, {@code **} as power, intrinsic type conversions dropped. Empty if it is not (an
     * array element, a function lcm does not know).
     */
    static Optional<Expr> expression(String fortran) {
        String key = fortran.strip();
        Optional<Expr> known = EXPRESSIONS.get(key);
        if (known != null) {
            return known;
        }
        Optional<Expr> e = readExpression(key);
        if (EXPRESSIONS.size() > 10_000) {
            EXPRESSIONS.clear(); // bounded: DO bounds and extents repeat, a few thousand cover a program
        }
        EXPRESSIONS.put(key, e);
        return e;
    }

    /** Fortran expression text → annotation-language expression; immutable values, shared by all threads. */
    private static final Map<String, Optional<Expr>> EXPRESSIONS = new ConcurrentHashMap<>();
    private static final Pattern LOGICAL_OPERATOR = Pattern.compile("\\.[a-z]+\\.");
    private static final Pattern CONVERSIONS = Pattern.compile("\\b(dble|real|float|sngl|int|nint|idint|ifix)\\s*\\(");
    private static final Pattern MAX = Pattern.compile("\\b(amax0|amax1|max0|max1|dmax1)\\s*\\(");
    private static final Pattern MIN = Pattern.compile("\\b(amin0|amin1|min0|min1|dmin1)\\s*\\(");
    private static final Pattern SQRT = Pattern.compile("\\b(dsqrt)\\s*\\(");
    private static final Pattern LOG = Pattern.compile("\\b(dlog|alog)\\s*\\(");

    /** An array element with constant subscripts, {@code grid_points(3)} or {@code a(1, 2)}. */
    private static final Pattern ELEMENT = Pattern.compile(
            "\\b([a-z_][a-z0-9_]*)\\s*\\(\\s*([a-z0-9_]+(?:\\s*,\\s*[a-z0-9_]+)*)\\s*\\)");
    /** Intrinsic functions whose result is no array element: {@code mod(n, 2)} stays a call (and unreadable). */
    private static final Set<String> INTRINSICS = Set.of("mod", "modulo", "size", "len", "len_trim", "ubound",
            "lbound", "abs", "iabs", "dabs", "sign", "isign", "min", "max", "sqrt", "log", "log10", "exp", "sin", "cos",
            "tan", "atan", "atan2", "ichar", "char", "index", "nint", "int", "real", "dble", "float", "ceiling",
            "floor", "shape", "sum", "product", "maxval", "minval", "count", "huge", "tiny", "epsilon", "kind",
            "selected_int_kind", "selected_real_kind", "present", "allocated", "associated", "iand", "ior", "ieor",
            "ishft", "btest", "ibset", "ibclr", "not", "dim", "aint", "anint", "cmplx", "conjg", "aimag", "dot_product",
            "matmul", "transpose", "reshape", "spread", "merge", "pack", "unpack", "trim", "adjustl", "adjustr",
            "repeat", "achar", "iachar", "lge", "lgt", "lle", "llt", "bit_size", "digits", "range", "precision",
            "radix", "exponent", "fraction", "nearest", "spacing", "scale", "set_exponent", "rrspacing", "log2");
    private static final Pattern COMPONENT = Pattern.compile("\\b([a-z_][a-z0-9_]*)\\s*%\\s*([a-z_][a-z0-9_]*)");

    /**
     * A value the code reads from an array element with constant subscripts or from a
     * derived-type component becomes a model variable with a readable name:
     * {@code grid_points(3)} is {@code grid_points_3}, {@code a(1,2)} is {@code a_1_2}, {@code m2(j)} is
     * {@code m2_j} (subscripts that are numbers or names; not an intrinsic such as {@code mod(n,2)}),
     * {@code grid%nx} is {@code grid_nx} (docs/fortran.md).
     */
    /** Intrinsic names lcm drops or renames in expressions ({@code dble}, {@code max0}, ...). */
    static boolean isConversion(String name) {
        return CONVERSIONS.matcher(name + "(").lookingAt() || MAX.matcher(name + "(").lookingAt()
                || MIN.matcher(name + "(").lookingAt() || SQRT.matcher(name + "(").lookingAt()
                || LOG.matcher(name + "(").lookingAt();
    }

    static String readableNames(String t) {
        if (t.indexOf('%') >= 0) {
            String before;
            do {
                before = t;
                t = COMPONENT.matcher(t).replaceAll("$1_$2");
            } while (!t.equals(before));
        }
        if (t.indexOf('(') < 0) {
            return t;
        }
        Matcher m = ELEMENT.matcher(t);
        StringBuilder b = new StringBuilder();
        while (m.find()) {
            String name = m.group(1);
            String replacement = Fn.byName(name).isPresent() || INTRINSICS.contains(name) ? m.group()
                    : name + "_" + m.group(2).replaceAll("\\s*,\\s*", "_");
            m.appendReplacement(b, Matcher.quoteReplacement(replacement));
        }
        m.appendTail(b);
        return b.toString();
    }

    private static Optional<Expr> readExpression(String fortran) {
        String t = StatementClassifier.lower(fortran);
        if (t.isEmpty() || t.indexOf('\'') >= 0 || t.indexOf('"') >= 0
                || t.indexOf('.') >= 0 && LOGICAL_OPERATOR.matcher(t).find()) {
            return Optional.empty();
        }
        if (t.indexOf('(') >= 0) {
            t = CONVERSIONS.matcher(t).replaceAll("(");
            t = MAX.matcher(t).replaceAll("max(");
            t = MIN.matcher(t).replaceAll("min(");
            t = SQRT.matcher(t).replaceAll("sqrt(");
            t = LOG.matcher(t).replaceAll("log(");
        }
        t = readableNames(t);
        if (t.indexOf('%') >= 0) {
            return Optional.empty();
        }
        Parsed<Expr> p = AnnotationReader.expression(t, TextOrigin.synthetic("<fortran>"));
        return p.isOk() ? p.value() : Optional.empty();
    }
}
