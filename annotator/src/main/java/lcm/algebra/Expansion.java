package lcm.algebra;

import lcm.expr.Expr;
import lcm.expr.Fn;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.RoundingMode;
import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * An expression multiplied out into a sum of monomials: each an exact rational coefficient times
 * a product of atoms raised to rational powers. Atoms are variables, calls of the annotation
 * language's functions (log, max, ceil, ...; their arguments expanded in turn), numbers under a
 * root ({@code sqrt(2)}), powers with a variable exponent, and sums that cannot be multiplied out
 * (a divisor {@code p^2+50}, or a product that would exceed {@value #EXPAND_LIMIT} terms).
 *
 * <p>This is lcm's own exact algebra for what compare shows (docs/compare.md, "What is computed"):
 * like terms meet across models ({@code (100+2p^2)/p - (60+3p^2)/p = 40/p - p}), a quotient by a
 * sum is written over its common denominator ({@code 102/(100/p+2p) = 51*p/(p^2+50)}), and
 * {@link Derivative} differentiates it. Variables are taken to be positive (problem sizes and
 * processor counts): {@code sqrt(p^2) = p}, {@code p^a p^b = p^(a+b)}. Where that would not hold
 * for an atom of unknown sign (a log, a max, a sum), a root of its power is kept whole.
 *
 * <p>Immutable. Arithmetic that lcm cannot represent exactly (division by an expression that
 * expands to 0) throws {@link ArithmeticException}; {@link #display(Expr)} falls back to the
 * expression as given.
 */
public final class Expansion {

    /** A product of sums with more terms than this keeps its sums as factors. */
    static final int EXPAND_LIMIT = 512;
    /** Integer powers of a sum above this stay a power of the sum. */
    private static final int POWER_LIMIT = 8;

    public static final Expansion ZERO = new Expansion(new LinkedHashMap<>());
    public static final Expansion ONE = constant(Rational.ONE);

    /** One term: coefficient (never 0) times the product of atom^exponent (exponents never 0). */
    public record Term(Rational coefficient, Map<Expr, Rational> monomial) {
    }

    /** Monomial (unmodifiable, insertion-ordered; equality ignores order) -> coefficient (never 0). */
    private final LinkedHashMap<Map<Expr, Rational>, Rational> terms;

    private Expansion(LinkedHashMap<Map<Expr, Rational>, Rational> terms) {
        this.terms = terms;
    }

    public static Expansion constant(Rational c) {
        LinkedHashMap<Map<Expr, Rational>, Rational> t = new LinkedHashMap<>();
        if (c.signum() != 0) {
            t.put(Map.of(), c);
        }
        return new Expansion(t);
    }

    /** {@code atom^exponent}, the atom taken as it is (not expanded). */
    public static Expansion atom(Expr atom, Rational exponent) {
        return monomial(Rational.ONE, Map.of(atom, exponent));
    }

    /** {@code c} times the product of the monomial's atoms raised to their exponents. */
    public static Expansion monomial(Rational c, Map<Expr, Rational> monomial) {
        Expansion out = constant(c);
        for (Map.Entry<Expr, Rational> e : monomial.entrySet()) {
            out = out.times(single(Rational.ONE, Map.of(e.getKey(), e.getValue())));
        }
        return out;
    }

    static Expansion single(Rational c, Map<Expr, Rational> m) {
        LinkedHashMap<Map<Expr, Rational>, Rational> t = new LinkedHashMap<>();
        if (c.signum() != 0) {
            t.put(m, c);
        }
        return new Expansion(t);
    }

    // ------------------------------------------------------------------ from an expression

    /** {@code e} multiplied out. */
    public static Expansion of(Expr e) {
        return new Builder().of(e);
    }

    /**
     * {@code e} in lcm's expanded normal form, for display; {@code e} itself where that form is not
     * defined (a division by an expression that expands to 0, a number beyond a double).
     */
    public static Expr display(Expr e) {
        try {
            return of(e).expr();
        } catch (ArithmeticException | lcm.source.UserError undefined) {
            return e;
        }
    }

    /** Expands each node once: composed models share subtrees (one builder may serve many expressions). */
    static final class Builder {
        private final Map<Expr, Expansion> memo = new IdentityHashMap<>();

        Expansion of(Expr e) {
            if (e instanceof Expr.Num n) {
                return constant(Rational.of(n.value()));
            }
            if (e instanceof Expr.Var) {
                return atom(e, Rational.ONE);
            }
            Expansion known = memo.get(e);
            if (known != null) {
                return known;
            }
            Expansion out = build(e);
            memo.put(e, out);
            Expr a = ExpansionExpr.loneAtom(out.terms);
            if (a != null) {
                memo.put(a, out); // the atom, handed out again by expr(), is not expanded twice
            }
            return out;
        }

        private Expansion build(Expr e) {
            if (e instanceof Expr.Neg n) {
                return of(n.operand()).negate();
            }
            if (e instanceof Expr.Bin b) {
                Expansion l = of(b.left());
                return switch (b.op()) {
                    case ADD -> l.plus(of(b.right()));
                    case SUB -> l.minus(of(b.right()));
                    case MUL -> l.times(of(b.right()));
                    case DIV -> l.dividedBy(of(b.right()));
                    case POW -> {
                        Expansion r = of(b.right());
                        Optional<Rational> k = r.constantValue();
                        yield k.isPresent() ? l.pow(k.get()) : atom(new Expr.Bin(Expr.Op.POW, l.expr(), r.expr()), Rational.ONE);
                    }
                };
            }
            Expr.Call c = (Expr.Call) e;
            List<Expr> args = new ArrayList<>(c.args().size());
            List<Expansion> expanded = new ArrayList<>(c.args().size());
            for (Expr a : c.args()) {
                Expansion x = of(a);
                expanded.add(x);
                args.add(x.expr());
            }
            return call(c.fn(), args, expanded);
        }

        private Expansion call(Fn fn, List<Expr> args, List<Expansion> expanded) {
            Optional<Rational> k = expanded.get(0).constantValue();
            switch (fn) {
                case SQRT:
                    return expanded.get(0).pow(Rational.of(BigInteger.ONE, BigInteger.TWO));
                case MAX: {
                    Expr m = Alg.max(args);
                    return m instanceof Expr.Call ? atom(m, Rational.ONE) : of(m);
                }
                case MIN: {
                    Expr m = Alg.min(args);
                    return m instanceof Expr.Call ? atom(m, Rational.ONE) : of(m);
                }
                case CEIL:
                case FLOOR:
                    if (k.isPresent()) {
                        BigDecimal v = new BigDecimal(k.get().num()).divide(new BigDecimal(k.get().den()), 0,
                                fn == Fn.CEIL ? RoundingMode.CEILING : RoundingMode.FLOOR);
                        return constant(Rational.of(v));
                    }
                    break;
                case ABS:
                    if (k.isPresent()) {
                        return constant(k.get().signum() < 0 ? k.get().negate() : k.get());
                    }
                    break;
                case LOG:
                case EXP:
                    if (k.isPresent() && (fn == Fn.LOG ? k.get().isOne() : k.get().signum() == 0)) {
                        return fn == Fn.LOG ? ZERO : ONE; // log(1) = 0, exp(0) = 1
                    }
                    break;
                case EMAX:
                    if (k.isPresent() && k.get().plus(Rational.of(-1)).signum() <= 0) {
                        return ZERO; // emax(w) = 0 for w <= 1
                    }
                    break;
                case LOG2:
                    if (k.isPresent() && k.get().isInteger() && k.get().signum() > 0 && k.get().num().bitCount() == 1) {
                        return constant(Rational.of(k.get().num().getLowestSetBit())); // log2(1024) = 10
                    }
                    break;
                default:
                    break;
            }
            return atom(new Expr.Call(fn, args), Rational.ONE);
        }
    }

    // ------------------------------------------------------------------ arithmetic

    public boolean isZero() {
        return terms.isEmpty();
    }

    /** The value when this is a number. */
    public Optional<Rational> constantValue() {
        if (terms.isEmpty()) {
            return Optional.of(Rational.ZERO);
        }
        if (terms.size() == 1 && terms.containsKey(Map.<Expr, Rational>of())) {
            return Optional.of(terms.get(Map.<Expr, Rational>of()));
        }
        return Optional.empty();
    }

    /** The terms, in order. */
    public List<Term> terms() {
        List<Term> out = new ArrayList<>(terms.size());
        terms.forEach((m, c) -> out.add(new Term(c, m)));
        return out;
    }

    public Expansion plus(Expansion o) {
        if (o.terms.isEmpty()) {
            return this;
        }
        LinkedHashMap<Map<Expr, Rational>, Rational> t = new LinkedHashMap<>(terms);
        o.terms.forEach((m, c) -> t.merge(m, c, Rational::plus));
        t.values().removeIf(c -> c.signum() == 0);
        return new Expansion(t);
    }

    /** The sum of several expansions, collected in one pass. */
    public static Expansion sum(List<Expansion> parts) {
        LinkedHashMap<Map<Expr, Rational>, Rational> t = new LinkedHashMap<>();
        for (Expansion x : parts) {
            x.terms.forEach((m, c) -> t.merge(m, c, Rational::plus));
        }
        t.values().removeIf(c -> c.signum() == 0);
        return new Expansion(t);
    }

    public Expansion negate() {
        return times(Rational.of(-1));
    }

    public Expansion minus(Expansion o) {
        return plus(o.negate());
    }

    public Expansion times(Rational k) {
        if (k.signum() == 0) {
            return ZERO;
        }
        LinkedHashMap<Map<Expr, Rational>, Rational> t = new LinkedHashMap<>();
        terms.forEach((m, c) -> t.put(m, c.times(k)));
        return new Expansion(t);
    }

    public Expansion times(Expansion o) {
        if (terms.isEmpty() || o.terms.isEmpty()) {
            return ZERO;
        }
        if (terms.size() > 1 && o.terms.size() > 1 && (long) terms.size() * o.terms.size() > EXPAND_LIMIT) {
            // too many terms to multiply out: the larger sum stays a factor
            return terms.size() >= o.terms.size() ? factored().times(o) : times(o.factored());
        }
        LinkedHashMap<Map<Expr, Rational>, Rational> t = new LinkedHashMap<>();
        for (Map.Entry<Map<Expr, Rational>, Rational> a : terms.entrySet()) {
            for (Map.Entry<Map<Expr, Rational>, Rational> b : o.terms.entrySet()) {
                multiply(a.getValue().times(b.getValue()), a.getKey(), b.getKey()).terms
                        .forEach((m, c) -> t.merge(m, c, Rational::plus));
            }
        }
        t.values().removeIf(c -> c.signum() == 0);
        return new Expansion(t);
    }

    /** c * a * b for two monomials: exponents of equal atoms add; roots of numbers fold into c. */
    private static Expansion multiply(Rational c, Map<Expr, Rational> a, Map<Expr, Rational> b) {
        if (b.isEmpty()) {
            return single(c, a);
        }
        LinkedHashMap<Expr, Rational> m = new LinkedHashMap<>(a);
        b.forEach((x, e) -> m.merge(x, e, Rational::plus));
        Rational coefficient = c;
        List<Expr> zero = new ArrayList<>();
        for (Map.Entry<Expr, Rational> e : m.entrySet()) {
            if (e.getValue().signum() == 0) {
                zero.add(e.getKey());
            } else if (e.getKey() instanceof Expr.Num n && e.getValue().isInteger()) {
                // sqrt(2)*sqrt(2) = 2
                Optional<Rational> v = NumberPowers.integerPower(Rational.of(n.value()), e.getValue().num());
                if (v.isPresent()) {
                    coefficient = coefficient.times(v.get());
                    zero.add(e.getKey());
                }
            }
        }
        zero.forEach(m::remove);
        return single(coefficient, Collections.unmodifiableMap(m));
    }

    /**
     * This divided by {@code d}: a sum over a sum with the same terms cancels ({@code (2np + 2n^2)/(p + n) = 2n}),
     * else each term is divided. Zero divided by anything is zero (as {@link Alg#div} has it).
     */
    public Expansion dividedBy(Expansion d) {
        if (terms.isEmpty()) {
            return ZERO;
        }
        if (terms.size() > 1 && d.terms.size() > 1) {
            Expansion top = factored();
            Expansion bottom = d.factored();
            Expr s = sumAtom(top);
            if (s != null && s.equals(sumAtom(bottom))) {
                Map<Expr, Rational> cancel = Map.of(s, Rational.of(-1));
                return top.times(single(Rational.ONE, cancel))
                        .times(bottom.times(single(Rational.ONE, cancel)).pow(Rational.of(-1)));
            }
        }
        return times(d.pow(Rational.of(-1)));
    }

    /** The sum atom (exponent 1) of a factored sum, or null. */
    private static Expr sumAtom(Expansion factored) {
        if (factored.terms.size() != 1) {
            return null;
        }
        for (Map.Entry<Expr, Rational> e : factored.terms.keySet().iterator().next().entrySet()) {
            if (e.getValue().isOne() && isSum(e.getKey())) {
                return e.getKey();
            }
        }
        return null;
    }

    static boolean isSum(Expr e) {
        return e instanceof Expr.Bin b && (b.op() == Expr.Op.ADD || b.op() == Expr.Op.SUB) || e instanceof Expr.Neg;
    }

    /** This to the rational power {@code k}. */
    public Expansion pow(Rational k) {
        if (k.isOne()) {
            return this;
        }
        if (k.signum() == 0) {
            return ONE;
        }
        if (terms.isEmpty()) {
            if (k.signum() < 0) {
                throw new ArithmeticException("division by an expression that is 0");
            }
            return ZERO;
        }
        if (terms.size() == 1) {
            Map.Entry<Map<Expr, Rational>, Rational> t = terms.entrySet().iterator().next();
            return monomialPower(t.getValue(), t.getKey(), k);
        }
        if (k.isInteger() && k.signum() > 0 && k.num().compareTo(BigInteger.valueOf(POWER_LIMIT)) <= 0) {
            Expansion out = this;
            for (int i = 1; i < k.num().intValue(); i++) {
                out = out.times(this);
            }
            return out;
        }
        return factored().pow(k);
    }

    /** (c * prod x^e)^k: exponents multiply where that is sound, else the monomial stays whole. */
    private static Expansion monomialPower(Rational c, Map<Expr, Rational> m, Rational k) {
        boolean integer = k.isInteger();
        if (!integer) {
            // a root of a product splits into roots of its factors only where at most one factor may be
            // negative: (log(n)^2)^(1/2) is |log(n)|, sqrt(a*b) is not sqrt(a)*sqrt(b) for a, b < 0
            int unknownSign = 0;
            for (Map.Entry<Expr, Rational> e : m.entrySet()) {
                if (!positive(e.getKey())) {
                    unknownSign += e.getValue().isOne() ? 1 : 2;
                }
            }
            if (unknownSign > 1 || c.signum() < 0) {
                return opaque(single(c, m), k);
            }
        }
        Expansion coefficient = integer ? NumberPowers.integerPower(c, k.num()).map(Expansion::constant)
                .orElseGet(() -> opaque(constant(c), k)) : NumberPowers.numberPower(c, k);
        LinkedHashMap<Expr, Rational> out = new LinkedHashMap<>();
        m.forEach((x, e) -> out.put(x, e.times(k)));
        return coefficient.times(single(Rational.ONE, Collections.unmodifiableMap(out)));
    }

    /** Whether an atom is positive wherever lcm evaluates it: variables, exp, roots of numbers. */
    private static boolean positive(Expr atom) {
        return atom instanceof Expr.Var || atom instanceof Expr.Num n && n.value().signum() > 0
                || atom instanceof Expr.Call c && c.fn() == Fn.EXP;
    }

    /** x^k kept as one atom (x written out; sqrt(x) for k = 1/2, its inverse for k = -1/2). */
    private static Expansion opaque(Expansion x, Rational k) {
        Rational half = Rational.of(BigInteger.ONE, BigInteger.TWO);
        if (k.equals(half) || k.equals(half.negate())) {
            return atom(Expr.call(Fn.SQRT, x.expr()), k.signum() > 0 ? Rational.ONE : Rational.of(-1));
        }
        return atom(new Expr.Bin(Expr.Op.POW, x.expr(), k.expr()), Rational.ONE);
    }

    /**
     * This sum as a single monomial: its common monomial factor and the positive content of its
     * coefficients taken out, the rest one atom ({@code 100/p + 2p = 2 * p^-1 * (p^2+50)}).
     */
    private Expansion factored() {
        // atoms in every term, at their least exponent; only where exponents may be split (positive atoms)
        LinkedHashMap<Expr, Rational> common = null;
        for (Map<Expr, Rational> m : terms.keySet()) {
            if (common == null) {
                common = new LinkedHashMap<>();
                for (Map.Entry<Expr, Rational> e : m.entrySet()) {
                    if (positive(e.getKey()) || e.getValue().isInteger()) {
                        common.put(e.getKey(), e.getValue());
                    }
                }
            } else {
                common.keySet().retainAll(m.keySet());
                for (Map.Entry<Expr, Rational> e : common.entrySet()) {
                    Rational other = m.get(e.getKey());
                    if (other.plus(e.getValue().negate()).signum() < 0) {
                        e.setValue(other);
                    }
                }
            }
        }
        common.entrySet().removeIf(e -> !positive(e.getKey()) && !e.getValue().isInteger());
        // a positive atom divided in some terms and absent from others is a divisor of the whole sum too:
        // 1000/p + 10 log(p) = p^-1 (1000 + 10 p log(p))
        for (Map<Expr, Rational> m : terms.keySet()) {
            for (Map.Entry<Expr, Rational> e : m.entrySet()) {
                if (e.getValue().signum() < 0 && positive(e.getKey()) && !common.containsKey(e.getKey())) {
                    Rational least = e.getValue();
                    for (Map<Expr, Rational> other : terms.keySet()) {
                        Rational x = other.getOrDefault(e.getKey(), Rational.ZERO);
                        if (x.plus(least.negate()).signum() < 0) {
                            least = x;
                        }
                    }
                    common.put(e.getKey(), least);
                }
            }
        }
        BigInteger numGcd = BigInteger.ZERO;
        BigInteger denLcm = BigInteger.ONE;
        for (Rational c : terms.values()) {
            numGcd = numGcd.gcd(c.num());
            denLcm = denLcm.divide(denLcm.gcd(c.den())).multiply(c.den());
        }
        Rational content = Rational.of(numGcd, denLcm);
        Map<Expr, Rational> inverse = new LinkedHashMap<>();
        common.forEach((x, e) -> inverse.put(x, e.negate()));
        Expansion rest = times(single(Rational.ONE.dividedBy(content), Collections.unmodifiableMap(inverse)));
        Expr sum = ExpansionExpr.sorted(rest.terms);
        return single(content, Collections.unmodifiableMap(common)).times(single(Rational.ONE, Map.of(sum, Rational.ONE)));
    }

    /**
     * As an expression built with {@link Alg}'s constructors, terms in order, numbers last; terms
     * over the same divisor sum are written as one quotient ({@code (n*p+4*p)/(4*p^2+n)}).
     */
    public Expr expr() {
        return ExpansionExpr.of(terms);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Expansion x && x.terms.equals(terms);
    }

    @Override
    public int hashCode() {
        return terms.hashCode();
    }

    @Override
    public String toString() {
        return expr().text();
    }
}
