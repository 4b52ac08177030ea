package lcm.fit;

import lcm.expr.Expr;
import lcm.expr.Fn;

import java.math.BigDecimal;
import java.math.MathContext;
import java.util.List;
import java.util.Optional;

/**
 * A hinge {@code max(v - c, 0)} (rising past the kink c) or {@code max(c - v, 0)} (falling to
 * it): with a constant and optionally {@code v}, it spans every {@code max} or {@code min} of
 * two affine pieces in v, such as the thesis' resource-contention form {@code max(k1*p + k2, k3)}
 * (= k3 + k1*max(p - c, 0) for k1 > 0). For a given kink the form is linear in its
 * coefficients; the kink itself is chosen by profiling ({@link KinkProfile}). Kinks are kept to
 * {@value #DIGITS} significant digits, so the model written is the model fitted.
 */
record Hinge(String variable, boolean rising, BigDecimal kink) {

    static final int DIGITS = 5;

    static Hinge of(String variable, boolean rising, double kink) {
        BigDecimal k = kink == 0 ? BigDecimal.ZERO
                : new BigDecimal(kink).round(new MathContext(DIGITS)).stripTrailingZeros();
        return new Hinge(variable, rising, k);
    }

    Hinge at(double newKink) {
        return of(variable, rising, newKink);
    }

    double kinkValue() {
        return kink.doubleValue();
    }

    Expr expr() {
        Expr v = Expr.var(variable);
        Expr inner;
        if (rising) {
            inner = kink.signum() < 0 ? Expr.add(v, new Expr.Num(kink.negate())) : Expr.sub(v, new Expr.Num(kink));
        } else {
            inner = Expr.sub(new Expr.Num(kink), v);
        }
        return Expr.call(Fn.MAX, inner, Expr.num(0));
    }

    /** The hinges {@code e} contains, in the order met. */
    static List<Hinge> in(Expr e) {
        return e.collect(x -> match(x).orElse(null));
    }

    /** {@code e} with every occurrence of {@code old} replaced by {@code now}. */
    static Expr replace(Expr e, Hinge old, Hinge now) {
        return e.replace(x -> match(x).filter(old::equals).isPresent() ? now.expr() : null);
    }

    /** The hinge {@code e} is, if it has the shape {@link #expr()} makes. */
    static Optional<Hinge> match(Expr e) {
        if (!(e instanceof Expr.Call c) || c.fn() != Fn.MAX || c.args().size() != 2
                || !(c.args().get(1) instanceof Expr.Num zero) || zero.value().signum() != 0
                || !(c.args().get(0) instanceof Expr.Bin b)) {
            return Optional.empty();
        }
        if (b.left() instanceof Expr.Var v && b.right() instanceof Expr.Num k) {
            if (b.op() == Expr.Op.SUB) {
                return Optional.of(new Hinge(v.name(), true, k.value()));
            }
            if (b.op() == Expr.Op.ADD) {
                return Optional.of(new Hinge(v.name(), true, k.value().negate()));
            }
        }
        if (b.op() == Expr.Op.SUB && b.left() instanceof Expr.Num k && b.right() instanceof Expr.Var v) {
            return Optional.of(new Hinge(v.name(), false, k.value()));
        }
        return Optional.empty();
    }

    /**
     * For {@code max(A, B)} or {@code min(A, B)} with A and B affine in {@code variable}, each with
     * coefficients of its own and at least one with a slope (the thesis' {@code max(k1*p + k2, k3)}):
     * the breakpoint where the fitted pieces meet, or NaN for any other form or no crossing.
     */
    static double kinkOf(Fit fit, String variable) {
        CandidateForm form = fit.candidate();
        if (!fit.ok() || !segmented(form) || !form.variables().get(0).equals(variable)) {
            return Double.NaN;
        }
        Expr.Call c = (Expr.Call) form.form();
        java.util.Map<String, Double> values = new java.util.HashMap<>();
        fit.coefficients().forEach(k -> values.put(k.name(), k.value()));
        double[] at0 = new double[2];
        double[] at1 = new double[2];
        for (int i = 0; i < 2; i++) {
            Expr piece = lcm.expr.Coefficients.substitute(c.args().get(i), values);
            if (!piece.variables().stream().allMatch(variable::equals)) {
                return Double.NaN;
            }
            lcm.expr.CompiledExpr e = lcm.expr.CompiledExpr.compile(piece, List.of(variable));
            at0[i] = e.eval(new double[] {0});
            at1[i] = e.eval(new double[] {1});
            double at2 = e.eval(new double[] {2});
            if (Math.abs(at2 - 2 * at1[i] + at0[i]) > 1e-9 * (1 + Math.abs(at2))) {
                return Double.NaN;   // not affine
            }
        }
        double d0 = at0[0] - at0[1];
        double slope = (at1[0] - at1[1]) - d0;
        return slope == 0 ? Double.NaN : -d0 / slope;
    }

    /** Whether {@code form} is a max or min of two pieces (a segmented form whose kink {@link #kinkOf} can find). */
    static boolean segmented(CandidateForm form) {
        return form.form() instanceof Expr.Call c && (c.fn() == Fn.MAX || c.fn() == Fn.MIN) && c.args().size() == 2
                && form.variables().size() == 1;
    }
}
