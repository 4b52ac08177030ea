package lcm.fit;

import lcm.expr.Expr;

import java.util.function.UnaryOperator;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * How a form depends on its coefficients. A form that is linear in them,
 * {@code offset(x) + k1*g1(x) + ... + km*gm(x)}, is fitted by linear least squares on the basis
 * functions {@code g}; any other form (a coefficient inside max, a power, a function, or a
 * product of two coefficients) is fitted by Levenberg-Marquardt.
 */
public sealed interface FormStructure {

    /** Linear in the coefficients: one basis function per coefficient (in coefficient order), plus an offset. */
    record Linear(List<Expr> basis, Optional<Expr> offset) implements FormStructure {
        public Linear {
            basis = List.copyOf(basis);
        }
    }

    /** Not linear in the coefficients. */
    record Nonlinear() implements FormStructure {
    }

    static FormStructure of(CandidateForm form) {
        Set<String> coefficients = Set.copyOf(form.coefficients());
        Decomposition d = Decomposition.of(form.form(), coefficients);
        if (d == null) {
            return new Nonlinear();
        }
        List<Expr> basis = new ArrayList<>();
        for (String k : form.coefficients()) {
            basis.add(d.terms.getOrDefault(k, Expr.num(0)));
        }
        return new Linear(basis, Optional.ofNullable(d.offset));
    }

    /** A linear decomposition in progress: coefficient to basis function, and the coefficient-free rest. */
    final class Decomposition {
        final Map<String, Expr> terms;
        final Expr offset;

        private Decomposition(Map<String, Expr> terms, Expr offset) {
            this.terms = terms;
            this.offset = offset;
        }

        private static boolean free(Expr e, Set<String> coefficients) {
            for (String v : e.variables()) {
                if (coefficients.contains(v)) {
                    return false;
                }
            }
            return true;
        }

        /** The decomposition of {@code e}, or null when {@code e} is not linear in the coefficients. */
        static Decomposition of(Expr e, Set<String> coefficients) {
            if (free(e, coefficients)) {
                return new Decomposition(new LinkedHashMap<>(), e);
            }
            if (e instanceof Expr.Var v) {
                Map<String, Expr> t = new LinkedHashMap<>();
                t.put(v.name(), Expr.num(1));
                return new Decomposition(t, null);
            }
            if (e instanceof Expr.Neg n) {
                Decomposition a = of(n.operand(), coefficients);
                return a == null ? null : a.map(Decomposition::negate);
            }
            if (e instanceof Expr.Bin b) {
                return switch (b.op()) {
                    case ADD, SUB -> sum(b, coefficients);
                    case MUL -> {
                        if (free(b.left(), coefficients)) {
                            Decomposition r = of(b.right(), coefficients);
                            yield r == null ? null : r.map(x -> times(b.left(), x));
                        }
                        if (free(b.right(), coefficients)) {
                            Decomposition l = of(b.left(), coefficients);
                            yield l == null ? null : l.map(x -> times(x, b.right()));
                        }
                        yield null;
                    }
                    case DIV -> {
                        if (!free(b.right(), coefficients)) {
                            yield null;
                        }
                        Decomposition l = of(b.left(), coefficients);
                        yield l == null ? null : l.map(x -> Expr.div(x, b.right()));
                    }
                    case POW -> null;
                };
            }
            return null;
        }

        private static Decomposition sum(Expr.Bin b, Set<String> coefficients) {
            Decomposition l = of(b.left(), coefficients);
            Decomposition r = of(b.right(), coefficients);
            if (l == null || r == null) {
                return null;
            }
            boolean minus = b.op() == Expr.Op.SUB;
            Map<String, Expr> terms = new LinkedHashMap<>(l.terms);
            r.terms.forEach((k, g) -> {
                Expr prev = terms.get(k);
                terms.put(k, prev == null ? (minus ? negate(g) : g) : (minus ? Expr.sub(prev, g) : Expr.add(prev, g)));
            });
            Expr offset = l.offset;
            if (r.offset != null) {
                offset = offset == null ? (minus ? negate(r.offset) : r.offset)
                        : (minus ? Expr.sub(offset, r.offset) : Expr.add(offset, r.offset));
            }
            return new Decomposition(terms, offset);
        }

        private Decomposition map(UnaryOperator<Expr> f) {
            Map<String, Expr> t = new LinkedHashMap<>();
            terms.forEach((k, g) -> t.put(k, f.apply(g)));
            return new Decomposition(t, offset == null ? null : f.apply(offset));
        }

        private static Expr negate(Expr e) {
            if (e instanceof Expr.Num n) {
                return new Expr.Num(n.value().negate());
            }
            return new Expr.Neg(e);
        }

        private static boolean isOne(Expr e) {
            return e instanceof Expr.Num n && n.value().compareTo(BigDecimal.ONE) == 0;
        }

        private static Expr times(Expr a, Expr b) {
            if (isOne(a)) {
                return b;
            }
            if (isOne(b)) {
                return a;
            }
            return Expr.mul(a, b);
        }
    }
}
