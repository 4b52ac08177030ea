package lcm.annotate;

import lcm.annotation.Category;
import lcm.expr.Expr;
import lcm.expr.Fn;
import lcm.fit.CandidateForm;
import lcm.fit.CandidateTable;
import lcm.fit.FormStructure;
import lcm.fit.NormalFormSearch;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The shapes tried for one category against one variable (the thesis' step 2(a)): the
 * candidate table's forms for them (built in, plus {@code --forms}), and the single-term
 * performance-model normal forms {@code k1*t} and {@code k1 + k2*t}, t = x^i*log2(x)^j, since no
 * one is at hand to supply the big-O form the thesis expects from the programmer: all 56 terms
 * where the table asks for the normal-form search (pc against n), else the 20 with a whole or
 * half exponent i (0, 1/2, ..., 3), the shapes of typical behaviors; more terms would fit the
 * noise of small designs more often. Forms linear
 * in their coefficients are used as they are; a {@code max} or {@code min} of two affine pieces
 * becomes a constant (and the variable, if both pieces have slopes) plus a rising or a falling
 * {@link Hinge}. Other forms cannot be fitted this way and are left out with a note.
 */
final class ProjectionCandidates {

    private ProjectionCandidates() {
    }

    static List<Shape> of(CandidateTable table, Category category, String variable, List<String> notes) {
        Map<String, Shape> out = new LinkedHashMap<>();
        add(out, Shape.of(Shape.ONE));
        for (CandidateForm form : table.forms(category, variable)) {
            List<Shape> shapes = shapes(form, variable);
            if (shapes.isEmpty()) {
                notes.add("the form " + form.text() + " (" + category.key() + " against " + variable + ") is left out: "
                        + "annotate fits forms linear in their coefficients and max/min of two affine pieces");
            }
            shapes.forEach(s -> add(out, s));
        }
        boolean all = table.normalForm(category, variable);
        for (NormalFormSearch.Term t : NormalFormSearch.TERMS) {
            if (!all && !simple(t)) {
                continue;
            }
            Expr term = t.expr(variable);
            add(out, Shape.of(term));
            add(out, Shape.of(Shape.ONE, term));
        }
        return List.copyOf(out.values());
    }

    /** A term with a whole or half exponent ({@code n^2*log2(n)}, {@code p*sqrt(p)}), as typical behaviors have. */
    static boolean simple(NormalFormSearch.Term t) {
        return t.den() == 1 || t.den() == 2;
    }

    private static void add(Map<String, Shape> out, Shape s) {
        List<String> key = s.terms().stream().map(Expr::text).sorted().toList();
        out.putIfAbsent(String.join(" ", key), s);
    }

    static List<Shape> shapes(CandidateForm form, String variable) {
        FormStructure structure = FormStructure.of(form);
        if (structure instanceof FormStructure.Linear lin) {
            if (lin.offset().isPresent() || lin.basis().isEmpty()) {
                return List.of();
            }
            return List.of(new Shape(lin.basis()));
        }
        Optional<Boolean> slopes = affinePieces(form, variable);
        if (slopes.isEmpty()) {
            return List.of();
        }
        List<Shape> out = new ArrayList<>();
        for (boolean rising : new boolean[] {true, false}) {
            List<Expr> terms = new ArrayList<>();
            terms.add(Shape.ONE);
            if (slopes.get()) {
                terms.add(Expr.var(variable));
            }
            terms.add(Hinge.of(variable, rising, 0).expr());
            out.add(new Shape(terms));
        }
        return out;
    }

    /**
     * For {@code max(A, B)} or {@code min(A, B)} with A and B affine in the variable, each with
     * coefficients of its own: whether both have a slope. Empty for any other form.
     */
    private static Optional<Boolean> affinePieces(CandidateForm form, String variable) {
        if (!(form.form() instanceof Expr.Call c) || (c.fn() != Fn.MAX && c.fn() != Fn.MIN) || c.args().size() != 2) {
            return Optional.empty();
        }
        int withSlope = 0;
        List<String> used = new ArrayList<>();
        for (Expr piece : c.args()) {
            CandidateForm pf;
            try {
                pf = CandidateForm.of(piece, List.of(variable), form.origin());
            } catch (IllegalArgumentException e) {
                return Optional.empty();
            }
            if (pf.coefficients().stream().anyMatch(used::contains)
                    || !(FormStructure.of(pf) instanceof FormStructure.Linear lin) || lin.offset().isPresent()) {
                return Optional.empty();
            }
            used.addAll(pf.coefficients());
            boolean slope = false;
            for (Expr b : lin.basis()) {
                if (b instanceof Expr.Var v && v.name().equals(variable)) {
                    slope = true;
                } else if (!Shape.isOne(b)) {
                    return Optional.empty();
                }
            }
            withSlope += slope ? 1 : 0;
        }
        return withSlope == 0 ? Optional.empty() : Optional.of(withSlope == 2);
    }
}
