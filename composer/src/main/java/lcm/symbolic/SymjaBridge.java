package lcm.symbolic;

import lcm.algebra.Rational;
import lcm.algebra.Alg;
import lcm.expr.Expr;
import lcm.expr.Fn;
import org.matheclipse.core.expression.F;
import org.matheclipse.core.interfaces.IAST;
import org.matheclipse.core.interfaces.IExpr;
import org.matheclipse.core.interfaces.INum;
import org.matheclipse.core.interfaces.IRational;
import org.matheclipse.core.interfaces.ISymbol;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.MathContext;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Converts between lcm's {@link Expr} and Symja expressions. Only through an allow-list of
 * operations: numbers, variables, {@code + - * / ^} and the functions of {@link Fn}. User
 * text never reaches Symja's parser or evaluator (docs/design.md#rules-for-every-command): variables become generated
 * symbols ({@code lcmv000}, ...) and formulas are built with Symja's factory methods.
 * Conversion back understands exactly what Symja makes of those operations; anything else
 * is refused, and callers keep the unsimplified expression.
 */
public final class SymjaBridge {

    /** A Symja expression outside what lcm can read back. */
    public static final class Unsupported extends RuntimeException {
        Unsupported(String what) {
            super("cannot read back Symja expression: " + what, null, false, false);
        }
    }

    private final Map<String, ISymbol> symbols = new HashMap<>();
    /** The head of emax: a function Symja does not know, so it stays as it is (opaque) through simplification. */
    private static final ISymbol EMAX = F.symbol("lcmfemax");
    private final Map<ISymbol, String> names = new HashMap<>();

    /** A bridge for the given variables, in the order Symja should sort them. */
    public SymjaBridge(List<String> variables) {
        for (String v : variables) {
            symbol(v);
        }
    }

    private ISymbol symbol(String name) {
        return symbols.computeIfAbsent(name, n -> {
            ISymbol s = F.symbol(String.format("lcmv%03d", symbols.size()));
            names.put(s, n);
            return s;
        });
    }

    // ------------------------------------------------------------------ to Symja

    public IExpr toSymja(Expr e) {
        return e.fold(this::toSymja);
    }

    /** One node in Symja, its operands converted. */
    private IExpr toSymja(Expr e, List<IExpr> args) {
        if (e instanceof Expr.Num n) {
            return rational(n.value());
        }
        if (e instanceof Expr.Var v) {
            return symbol(v.name());
        }
        if (e instanceof Expr.Neg) {
            return F.Negate(args.get(0));
        }
        if (e instanceof Expr.Bin b) {
            IExpr l = args.get(0);
            IExpr r = args.get(1);
            return switch (b.op()) {
                case ADD -> F.Plus(l, r);
                case SUB -> F.Subtract(l, r);
                case MUL -> F.Times(l, r);
                case DIV -> F.Divide(l, r);
                case POW -> F.Power(l, r);
            };
        }
        Expr.Call c = (Expr.Call) e;
        IExpr a0 = args.get(0);
        return switch (c.fn()) {
            case LOG -> F.Log(a0);
            case LOG2 -> F.Divide(F.Log(a0), F.Log(F.C2));
            case SQRT -> F.Sqrt(a0);
            case EXP -> F.Exp(a0);
            case CEIL -> F.Ceiling(a0);
            case FLOOR -> F.Floor(a0);
            case ABS -> F.Abs(a0);
            case MIN -> F.function(F.Min, args.toArray(new IExpr[0]));
            case MAX -> F.function(F.Max, args.toArray(new IExpr[0]));
            case EMAX -> F.unaryAST1(EMAX, a0);
        };
    }

    private static IExpr rational(BigDecimal v) {
        BigDecimal s = v.stripTrailingZeros();
        if (s.scale() <= 0) {
            return F.ZZ(s.toBigIntegerExact());
        }
        return F.fraction(s.unscaledValue(), BigInteger.TEN.pow(s.scale()));
    }

    // ------------------------------------------------------------------ back from Symja

    public Expr fromSymja(IExpr e) {
        if (e.isRational()) {
            IRational r = (IRational) e;
            return quotient(new BigDecimal(r.toBigNumerator()), new BigDecimal(r.toBigDenominator()));
        }
        if (e instanceof INum num) {
            return Alg.num(new BigDecimal(num.doubleValue(), MathContext.DECIMAL64));
        }
        if (e.isSymbol()) {
            String name = names.get((ISymbol) e);
            if (name == null) {
                throw new Unsupported(e.toString());
            }
            return new Expr.Var(name);
        }
        if (!e.isAST()) {
            throw new Unsupported(e.toString());
        }
        IAST ast = (IAST) e;
        if (ast.isPlus()) {
            List<Expr> terms = new ArrayList<>();
            for (int i = 1; i <= ast.argSize(); i++) {
                terms.add(fromSymja(ast.get(i)));
            }
            // Symja orders constants first; print them last, like people do
            terms.sort((x, y) -> Boolean.compare(x instanceof Expr.Num, y instanceof Expr.Num));
            return Alg.sum(terms);
        }
        if (ast.isTimes() || ast.isPower()) {
            return product(ast);
        }
        String head = ast.head().toString();
        List<Expr> args = new ArrayList<>();
        for (int i = 1; i <= ast.argSize(); i++) {
            args.add(fromSymja(ast.get(i)));
        }
        if (ast.head().equals(EMAX) && args.size() == 1) {
            return Expr.call(Fn.EMAX, args.get(0));
        }
        return switch (head) {
            case "Log" -> args.size() == 1 ? Expr.call(Fn.LOG, args.get(0))
                    : Alg.div(Expr.call(Fn.LOG, args.get(1)), Expr.call(Fn.LOG, args.get(0)));
            case "Max" -> new Expr.Call(Fn.MAX, args);
            case "Min" -> new Expr.Call(Fn.MIN, args);
            case "Ceiling" -> Expr.call(Fn.CEIL, args.get(0));
            case "Floor" -> Expr.call(Fn.FLOOR, args.get(0));
            case "Abs" -> Expr.call(Fn.ABS, args.get(0));
            default -> throw new Unsupported(e.toString());
        };
    }

    /** A Times (or a lone Power): numerator and denominator gathered, sqrt and log2 recognized. */
    private Expr product(IAST ast) {
        List<IExpr> factors = new ArrayList<>();
        if (ast.isTimes()) {
            for (int i = 1; i <= ast.argSize(); i++) {
                factors.add(ast.get(i));
            }
        } else {
            factors.add(ast);
        }
        BigDecimal num = BigDecimal.ONE;
        BigDecimal den = BigDecimal.ONE;
        List<Expr> top = new ArrayList<>();
        List<Expr> bottom = new ArrayList<>();
        boolean log2Pending = false;
        for (IExpr f : factors) {
            if (f.isRational()) {
                IRational r = (IRational) f;
                num = num.multiply(new BigDecimal(r.toBigNumerator()));
                den = den.multiply(new BigDecimal(r.toBigDenominator()));
            } else if (isInverseLog2(f)) {
                log2Pending = true;
            } else if (f.isPower() && f.exponent().isRational() && ((IRational) f.exponent()).isNegative()) {
                IRational k = ((IRational) f.exponent()).negate();
                bottom.add(power(f.base(), k));
            } else if (f.isPower() && f.exponent().isRational()) {
                top.add(power(f.base(), (IRational) f.exponent()));
            } else if (f.isPower()) {
                top.add(f.base().equals(F.E) ? Expr.call(Fn.EXP, fromSymja(f.exponent()))
                        : Alg.pow(fromSymja(f.base()), fromSymja(f.exponent())));
            } else {
                top.add(fromSymja(f));
            }
        }
        if (log2Pending) {
            // Log(x)/Log(2) is log2(x)
            boolean replaced = false;
            for (int i = 0; i < top.size() && !replaced; i++) {
                if (top.get(i) instanceof Expr.Call c && c.fn() == Fn.LOG) {
                    top.set(i, Expr.call(Fn.LOG2, c.args().get(0)));
                    replaced = true;
                }
            }
            if (!replaced) {
                bottom.add(Expr.call(Fn.LOG, Expr.num(2)));
            }
        }
        Rational c = Rational.of(num.toBigIntegerExact(), den.toBigIntegerExact());
        Expr n = Alg.product(top);
        Expr d = bottom.isEmpty() ? Alg.ONE : Alg.product(bottom);
        // the coefficient joins numerator and denominator the way Alg writes coefficients
        Expr scaled = Alg.mul(c.expr(), n);
        return Alg.isOne(d) ? scaled : Alg.div(scaled, d);
    }

    private static boolean isInverseLog2(IExpr f) {
        return f.isPower() && f.exponent().isMinusOne() && f.base().isAST(F.Log, 2)
                && ((IAST) f.base()).arg1().equals(F.C2);
    }

    private Expr power(IExpr base, IRational k) {
        Expr b = fromSymja(base);
        BigInteger p = k.toBigNumerator();
        BigInteger q = k.toBigDenominator();
        if (q.equals(BigInteger.ONE)) {
            return Alg.pow(b, Alg.num(new BigDecimal(p)));
        }
        if (q.equals(BigInteger.TWO)) {
            // x^(3/2) reads x*sqrt(x), like the thesis writes it
            Expr root = Expr.call(Fn.SQRT, b);
            BigInteger whole = p.subtract(BigInteger.ONE).divide(BigInteger.TWO);
            if (whole.signum() == 0) {
                return root;
            }
            return Alg.mul(Alg.pow(b, Alg.num(new BigDecimal(whole))), root);
        }
        return Alg.pow(b, quotient(new BigDecimal(p), new BigDecimal(q)));
    }

    /** p/q as Alg writes numbers: an integer, a short decimal or a fraction. */
    private static Expr quotient(BigDecimal p, BigDecimal q) {
        return Rational.of(p.toBigIntegerExact(), q.toBigIntegerExact()).expr();
    }
}
