package lcm.fit;

import lcm.annotation.AnnotationReader;
import lcm.antlr.Parsed;
import lcm.antlr.TextOrigin;
import lcm.expr.Expr;
import lcm.expr.Fn;
import lcm.source.Diagnostic;
import lcm.source.SourceLocation;
import lcm.source.SourceRegistry;
import lcm.source.SourceText;
import lcm.source.UserError;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * User formulas from the command line (lca's optional formulae). One argument may hold several
 * formulas, separated by commas or by blanks between two complete operands
 * ({@code "p*sqrt(p) p"} is two formulas, {@code "k1*p + k2"} one). Variables are named as in
 * the data or, as in lca, {@code x0, x1, ...} in the order of {@code -v}. A formula with
 * coefficients {@code k1, k2, ...} is fitted as written; one without gets a coefficient per
 * additive term: {@code n^2 + n} is fitted as {@code k1*n^2 + k2*n}.
 */
public final class Formulas {

    private static final Pattern X_NAME = Pattern.compile("x([0-9]+)");

    private Formulas() {
    }

    /**
     * Parses every argument; argument i is registered as the pseudo-file {@code <formula i>} so
     * that errors show it with a caret.
     */
    public static List<CandidateForm> parse(List<String> args, List<String> variables, SourceRegistry sources) {
        List<CandidateForm> out = new ArrayList<>();
        List<Diagnostic> problems = new ArrayList<>();
        for (int a = 0; a < args.size(); a++) {
            Path origin = Path.of("<formula " + (a + 1) + ">");
            String text = args.get(a);
            sources.register(SourceText.of(origin, text));
            for (int[] piece : split(text)) {
                String formula = text.substring(piece[0], piece[1]);
                SourceLocation at = SourceLocation.of(origin, 1, piece[0] + 1);
                Parsed<Expr> parsed = AnnotationReader.expression(formula, TextOrigin.at(at));
                if (!parsed.isOk()) {
                    problems.addAll(parsed.problems());
                    continue;
                }
                try {
                    out.add(form(parsed.value().get(), variables, at));
                } catch (IllegalArgumentException e) {
                    problems.add(Diagnostic.error(locateName(e.getMessage(), formula, at), e.getMessage()));
                }
            }
        }
        if (!problems.isEmpty()) {
            throw new UserError(problems);
        }
        return out;
    }

    /** The pseudo-file of {@code --loop-cost}, for its errors' carets. */
    public static final Path LOOP_COST_ARG = Path.of("<--loop-cost>");

    /**
     * A known loop cost ({@code --loop-cost}, {@link FitRequest#loopCost}): an expression in the
     * width {@code w} and numbers, seconds per execution; any other name is an error at its column.
     */
    public static Expr loopCost(String text, SourceRegistry sources) {
        sources.register(SourceText.of(LOOP_COST_ARG, text));
        SourceLocation at = SourceLocation.of(LOOP_COST_ARG, 1, 1);
        Parsed<Expr> parsed = AnnotationReader.expression(text, TextOrigin.at(at));
        if (!parsed.isOk()) {
            throw new UserError(parsed.problems());
        }
        Expr e = parsed.value().get();
        for (String name : e.variables()) {
            if (!name.equals(LiFromCauses.W)) {
                String message = "unknown name '" + name + "' in the loop cost (an expression in the width w: the seconds "
                        + "per execution of starting and ending a parallel loop on w threads, such as 2e-6*(w-1) + 1e-7*(w-1)^2)";
                throw new UserError(List.of(Diagnostic.error(locateName(message, text, at), message)));
            }
        }
        return e;
    }

    /** One formula over {@code variables}: x0, x1 renamed, coefficients added if it has none. */
    public static CandidateForm form(Expr e, List<String> variables, SourceLocation at) {
        Map<String, String> rename = new HashMap<>();
        for (String name : e.variables()) {
            Matcher m = X_NAME.matcher(name);
            if (m.matches() && !variables.contains(name)) {
                int i = Integer.parseInt(m.group(1));
                if (i >= variables.size()) {
                    throw new IllegalArgumentException("unknown name '" + name + "' (x0 .. x" + (variables.size() - 1)
                            + " are the variables " + String.join(", ", variables) + ")");
                }
                rename.put(name, variables.get(i));
            }
        }
        Expr renamed = rename.isEmpty() ? e : Substitution.rename(e, rename);
        boolean hasCoefficients = renamed.variables().stream().anyMatch(n -> CandidateForm.isCoefficient(n) && !variables.contains(n));
        Expr form = hasCoefficients ? renamed : withCoefficients(renamed);
        return CandidateForm.of(form, variables, CandidateForm.Origin.USER, Optional.of(at));
    }

    /** {@code a + b - c} becomes {@code k1*a + k2*b + k3*c}; a number term becomes a lone coefficient. */
    static Expr withCoefficients(Expr e) {
        List<Expr> terms = new ArrayList<>();
        flatten(e, terms);
        Expr out = null;
        for (int i = 0; i < terms.size(); i++) {
            Expr k = Expr.var("k" + (i + 1));
            Expr t = terms.get(i);
            Expr term = t instanceof Expr.Num ? k : Expr.product(k, t);
            out = out == null ? term : Expr.add(out, term);
        }
        return out;
    }

    /** The terms of a sum or difference, signs dropped: {@code a + b - c} gives a, b, c. */
    static List<Expr> terms(Expr e) {
        List<Expr> out = new ArrayList<>();
        flatten(e, out);
        return out;
    }

    private static void flatten(Expr e, List<Expr> out) {
        if (e instanceof Expr.Bin b && (b.op() == Expr.Op.ADD || b.op() == Expr.Op.SUB)) {
            flatten(b.left(), out);
            flatten(b.right(), out);
        } else if (e instanceof Expr.Neg n) {
            flatten(n.operand(), out);
        } else {
            out.add(e);
        }
    }

    private static SourceLocation locateName(String message, String formula, SourceLocation at) {
        Matcher m = Pattern.compile("'([A-Za-z_][A-Za-z0-9_]*)'").matcher(message);
        if (m.find()) {
            Matcher w = Pattern.compile("\\b" + Pattern.quote(m.group(1)) + "\\b").matcher(formula);
            if (w.find()) {
                return at.plusColumns(w.start());
            }
        }
        return at;
    }

    /** [start, end) of each formula in {@code text}. */
    static List<int[]> split(String text) {
        List<int[]> out = new ArrayList<>();
        int depth = 0;
        int start = -1;
        int lastEnd = -1;          // end of the last token
        int lastKind = 0;          // 0 none, 1 operand end (name, number, ')'), 2 operator, 3 function name
        int i = 0;
        while (i < text.length()) {
            char c = text.charAt(i);
            if (Character.isWhitespace(c)) {
                i++;
                continue;
            }
            if (c == ',' && depth == 0) {
                if (start >= 0) {
                    out.add(new int[] {start, lastEnd});
                }
                start = -1;
                lastKind = 0;
                i++;
                continue;
            }
            int tokenStart = i;
            int kind;
            boolean opensOperand;
            if (Character.isLetterOrDigit(c) || c == '_' || c == '.') {
                while (i < text.length() && (Character.isLetterOrDigit(text.charAt(i)) || text.charAt(i) == '_'
                        || text.charAt(i) == '.' || ((text.charAt(i) == '+' || text.charAt(i) == '-')
                        && i > tokenStart && Character.isDigit(text.charAt(tokenStart))
                        && (text.charAt(i - 1) == 'e' || text.charAt(i - 1) == 'E')))) {
                    i++;
                }
                String word = text.substring(tokenStart, i);
                kind = Fn.byName(word).isPresent() ? 3 : 1;
                opensOperand = true;
            } else if (c == '(') {
                i++;
                kind = 2;
                opensOperand = true;
            } else if (c == ')') {
                i++;
                kind = 1;
                opensOperand = false;
            } else {
                i++;
                kind = 2;
                opensOperand = false;
            }
            boolean newFormula = depth == 0 && start >= 0 && opensOperand && (lastKind == 1 || lastKind == 3)
                    && !(lastKind == 3 && c == '(') && lastEnd < tokenStart;
            if (newFormula) {
                out.add(new int[] {start, lastEnd});
                start = -1;
            }
            if (start < 0) {
                start = tokenStart;
            }
            if (c == '(') {
                depth++;
            } else if (c == ')') {
                depth = Math.max(0, depth - 1);
            }
            lastKind = kind;
            lastEnd = i;
        }
        if (start >= 0) {
            out.add(new int[] {start, lastEnd});
        }
        return out;
    }
}
