package lcm.annotate;

import lcm.expr.Expr;
import lcm.fit.CandidateForm;
import lcm.fit.Complexity;
import lcm.expr.NumberText;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * A form annotate fits: a linear combination {@code k1*t1 + k2*t2 + ...} of fixed terms, the
 * constant term being the number 1. A term may hold a {@link Hinge} {@code max(p - c, 0)} whose
 * kink c is a number chosen to fit the data; each distinct kink counts as one more fitted
 * quantity when forms are compared.
 *
 * @param terms the terms, distinct by text, in a stable order
 */
record Shape(List<Expr> terms) {

    static final Expr ONE = Expr.num(1);

    Shape {
        Set<String> seen = new LinkedHashSet<>();
        List<Expr> distinct = new ArrayList<>();
        for (Expr t : terms) {
            if (seen.add(t.text())) {
                distinct.add(t);
            }
        }
        terms = List.copyOf(distinct);
    }

    static Shape of(Expr... terms) {
        return new Shape(List.of(terms));
    }

    /** The hinges among the terms, distinct. */
    List<Hinge> hinges() {
        Set<Hinge> out = new LinkedHashSet<>();
        terms.forEach(t -> out.addAll(Hinge.in(t)));
        return List.copyOf(out);
    }

    /** The number of quantities fitted: coefficients plus kinks. */
    int size() {
        return terms.size() + hinges().size();
    }

    /** The same terms with {@code old} replaced by {@code now} wherever it occurs. */
    Shape with(Hinge old, Hinge now) {
        return new Shape(terms.stream().map(t -> Hinge.replace(t, old, now)).toList());
    }

    int complexity() {
        int c = hinges().size();
        for (Expr t : terms) {
            c += Complexity.of(t);
        }
        return c;
    }

    boolean hasConstant() {
        return terms.stream().anyMatch(Shape::isOne);
    }

    /** Whether no term depends on a variable: a constant shape means "no effect". */
    boolean constantOnly() {
        return terms.stream().allMatch(t -> t.variables().isEmpty());
    }

    static boolean isOne(Expr e) {
        return e instanceof Expr.Num n && n.value().compareTo(BigDecimal.ONE) == 0;
    }

    /** The shape without term {@code index}. */
    Shape without(int index) {
        List<Expr> rest = new ArrayList<>(terms);
        rest.remove(index);
        return new Shape(rest);
    }

    /** {@code a*b} with ones dropped, {@code a*(c/x)} as {@code a*c/x}, and products kept left-associated. */
    static Expr times(Expr a, Expr b) {
        if (isOne(a)) {
            return b;
        }
        if (isOne(b)) {
            return a;
        }
        if (b instanceof Expr.Bin d && d.op() == Expr.Op.DIV) {
            return Expr.div(times(a, d.left()), d.right());
        }
        return Expr.product(a, b);
    }

    /** The products of one term of each shape (the tensor product: every interaction). */
    static Shape product(List<Shape> factors) {
        List<Expr> out = List.of(ONE);
        for (Shape f : factors) {
            List<Expr> next = new ArrayList<>();
            for (Expr a : out) {
                for (Expr b : f.terms) {
                    next.add(times(a, b));
                }
            }
            out = next;
        }
        return new Shape(out);
    }

    /** One constant (if any shape has one) and every shape's other terms: the additive combination. */
    static Shape sum(List<Shape> parts) {
        List<Expr> out = new ArrayList<>();
        if (parts.stream().anyMatch(Shape::hasConstant)) {
            out.add(ONE);
        }
        for (Shape s : parts) {
            s.terms.stream().filter(t -> !isOne(t)).forEach(out::add);
        }
        return new Shape(out);
    }

    /** {@code k1*t1*w + k2*t2*w + ...}: the form fitted to data scaled by the weight slot {@code w}. */
    CandidateForm weightedForm(List<String> variables, String weight) {
        Expr w = Expr.var(weight);
        Expr sum = null;
        for (int j = 0; j < terms.size(); j++) {
            Expr term = times(times(Expr.var("k" + (j + 1)), terms.get(j)), w);
            sum = sum == null ? term : Expr.add(sum, term);
        }
        List<String> slots = new ArrayList<>(variables);
        slots.add(weight);
        return CandidateForm.of(sum, slots, CandidateForm.Origin.COMBINED);
    }

    /** The terms' texts joined by " + " with coefficients k1, k2, ...: for notes and tests. */
    String text() {
        List<String> parts = new ArrayList<>();
        for (int j = 0; j < terms.size(); j++) {
            parts.add(times(Expr.var("k" + (j + 1)), terms.get(j)).text());
        }
        return String.join(" + ", parts);
    }
}
