package lcm.symbolic;

import lcm.expr.NumberText;
import lcm.expr.Expr;
import org.matheclipse.core.eval.EvalEngine;
import org.matheclipse.core.expression.F;
import org.matheclipse.core.interfaces.IAST;
import org.matheclipse.core.interfaces.IExpr;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Derivatives and roots with Symja, under a time limit, through {@link SymjaBridge} only:
 * formulas are built with Symja's factory methods ({@code F.D}, {@code F.Solve}), never from
 * text (docs/design.md#rules-for-every-command).
 */
public final class SymjaCalculus {

    /** A result, or why there is none. */
    public record Outcome<T>(Optional<T> value, String note) {
        public static <T> Outcome<T> of(T value) {
            return new Outcome<>(Optional.of(value), "");
        }

        public static <T> Outcome<T> none(String why) {
            return new Outcome<>(Optional.empty(), why);
        }
    }

    private final SymjaBridge bridge;
    private final Simplifier simplifier;
    private final Duration limit;

    public SymjaCalculus(List<String> variables, Duration limit) {
        this.simplifier = new Simplifier(variables, limit);
        this.bridge = simplifier.bridge();
        this.limit = limit;
    }

    public Expr simplify(Expr e) {
        return simplifier.simplify(e);
    }

    /** d e / d v, simplified. */
    public Outcome<Expr> derivative(Expr e, String v) {
        IExpr d = Simplifier.run(() -> EvalEngine.get().evaluate(F.D(bridge.toSymja(e), bridge.toSymja(new Expr.Var(v)))),
                limit);
        if (d == null) {
            return Outcome.none("Symja did not finish the derivative within " + seconds() + " s");
        }
        try {
            return Outcome.of(simplifier.simplify(bridge.fromSymja(d)));
        } catch (SymjaBridge.Unsupported | StackOverflowError e1) {
            return Outcome.none("the derivative involves the derivative of max, min, ceil, floor or abs, which has "
                    + "no closed form in the annotation language");
        }
    }

    /** The real solutions v = ... of e = 0, as Symja's Solve gives them; empty if it cannot within the limit. */
    public Outcome<List<Expr>> zeros(Expr e, String v) {
        IExpr s = Simplifier.run(() -> EvalEngine.get().evaluate(
                F.Solve(F.Equal(bridge.toSymja(e), F.C0), bridge.toSymja(new Expr.Var(v)))), limit);
        if (s == null) {
            return Outcome.none("Symja's Solve did not finish within " + seconds() + " s");
        }
        if (!s.isList()) {
            return Outcome.none("Symja's Solve found no closed form");
        }
        List<Expr> out = new ArrayList<>();
        for (IExpr solution : (IAST) s) {
            if (!solution.isList() || ((IAST) solution).argSize() != 1 || !((IAST) solution).arg1().isRuleAST()) {
                return Outcome.none("Symja's Solve gave a result lcm cannot read");
            }
            IExpr rhs = ((IAST) ((IAST) solution).arg1()).arg2();
            try {
                out.add(bridge.fromSymja(rhs));
            } catch (SymjaBridge.Unsupported | StackOverflowError complex) {
                // not a real closed form (complex roots, special functions): not a candidate
            }
        }
        return Outcome.of(out);
    }

    private String seconds() {
        return NumberText.plain(limit.toMillis() / 1000.0);
    }
}
