package lcm.fit;

import lcm.annotation.Category;

import java.util.TreeSet;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.function.DoubleUnaryOperator;

/**
 * One-parameter series from known functions, for measuring how well {@code lcm fit} recovers and
 * extrapolates them (docs/fitting.md, "Extrapolation"). The generating functions:
 * <ul>
 * <li>Extra-P's building blocks {@code c0 + c1*x^i*log2(x)^j} for every term of the
 * {@link NormalFormSearch normal form} (i in {0, 1/4, ..., 3}, j in {0, 1, 2}, not both 0), in
 * the variable {@code n}, category {@code pc};</li>
 * <li>four two-term functions {@code c0 + c1*t1 + c2*t2}: (n, n^2), (log2(n), n), (sqrt(n),
 * n*log2(n)), (n^(1/2), n^(3/2));</li>
 * <li>the thesis' forms in {@code p}: {@code li = c1*(p - 1)} (0 on one processor), {@code sl = c1*log2(p) + c0},
 * {@code cl = c1*p + c0}, {@code ip = c1*(p - 1)}, and {@code pc = c0 + c1/p} (Carlson et al.'s
 * execution signature as a time).</li>
 * </ul>
 * Coefficients: {@code c0} log-uniform in [1, 100]; each term's coefficient makes the term at the
 * largest x a log-uniform factor in [2, 50] of {@code c0} (so every term matters at the measured
 * points). Points: six, n = 4, 8, ..., 128 and p = 1, 2, ..., 32; with {@code distinct}, each
 * series draws its own six sorted values (n from 2..256 with a jitter of +-10 %, p from the integers
 * 1..64). Noise: each value times {@code 1 + noise*u}, u uniform in [-1, 1] (one measurement per
 * point). The truth is kept for extrapolation at 4x the largest x.
 */
public final class SyntheticSeries {

    /** One generated series with its generating function. */
    public record Case(String generator, Category category, String variable, double[] x, double[] y,
                       DoubleUnaryOperator truth) {

        public double largestX() {
            return x[x.length - 1];
        }

        public Series series() {
            double[][] xs = new double[x.length][];
            for (int i = 0; i < x.length; i++) {
                xs[i] = new double[] {x[i]};
            }
            return Series.of(List.of(variable), xs, y);
        }
    }

    private record Generator(String text, Category category, String variable, int terms, Shape shape) {
    }

    /** y from the coefficients c (c[0] the constant) and x. */
    private interface Shape {
        double value(double[] c, double x);

        /** The non-constant terms' values at x (to scale their coefficients). */
        double term(int index, double x);
    }

    private static final double[] N = {4, 8, 16, 32, 64, 128};
    private static final double[] P = {1, 2, 4, 8, 16, 32};

    private SyntheticSeries() {
    }

    static double log2(double x) {
        return Math.log(x) / Math.log(2);
    }

    private static List<Generator> generators() {
        List<Generator> out = new ArrayList<>();
        for (NormalFormSearch.Term t : NormalFormSearch.TERMS) {
            out.add(new Generator("c0 + c1*" + t.expr("n").text(), Category.PC, "n", 1, new Shape() {
                public double value(double[] c, double x) {
                    return c[0] + c[1] * t.value(x);
                }

                public double term(int index, double x) {
                    return t.value(x);
                }
            }));
        }
        String[][] pairs = {{"1,1,0", "2,1,0"}, {"0,1,1", "1,1,0"}, {"1,2,0", "1,1,1"}, {"1,2,0", "3,2,0"}};
        for (String[] pair : pairs) {
            out.add(twoTerm(pair));
        }
        // li is 0 on one processor and grows no faster than the data's last step beyond it (docs/fitting.md,
        // "Zero on one processor"): the table's first form, linear in p - 1 (the thesis' p*sqrt(p), whose
        // exponent in p - 1 rises beyond every width, is never selected)
        out.add(thesis("li = c1*(p - 1)", Category.LI, false, x -> x - 1));
        out.add(thesis("sl = c1*log2(p) + c0", Category.SL, true, SyntheticSeries::log2));
        out.add(thesis("cl = c1*p + c0", Category.CL, true, x -> x));
        out.add(thesis("ip = c1*(p - 1)", Category.IP, false, x -> x - 1));
        out.add(thesis("pc = c0 + c1/p", Category.PC, true, x -> 1 / x));
        return out;
    }

    /** {@code c0 + c1*t1 + c2*t2} in n, the terms given as {@code "num,den,log"}. */
    private static Generator twoTerm(String[] pair) {
        NormalFormSearch.Term a = term(pair[0]);
        NormalFormSearch.Term b = term(pair[1]);
        return new Generator("c0 + c1*" + a.expr("n").text() + " + c2*" + b.expr("n").text(), Category.PC, "n", 2,
                new Shape() {
                    public double value(double[] c, double x) {
                        return c[0] + c[1] * a.value(x) + c[2] * b.value(x);
                    }

                    public double term(int index, double x) {
                        return index == 0 ? a.value(x) : b.value(x);
                    }
                });
    }

    private static NormalFormSearch.Term term(String spec) {
        String[] s = spec.split(",");
        return new NormalFormSearch.Term(Integer.parseInt(s[0]), Integer.parseInt(s[1]), Integer.parseInt(s[2]));
    }

    private static Generator thesis(String text, Category c, boolean constant, DoubleUnaryOperator f) {
        return new Generator(text, c, "p", 1, new Shape() {
            public double value(double[] k, double x) {
                return (constant ? k[0] : 0) + k[1] * f.applyAsDouble(x);
            }

            public double term(int index, double x) {
                return f.applyAsDouble(x);
            }
        });
    }

    /**
     * The parity set of docs/fitting.md ("Extra-P parity"): {@link #generate}'s generators (every
     * normal-form building block, four two-term functions, the thesis' forms) plus five more
     * two-term functions, the thesis' remaining Table 5.1 forms (li with a constant, ip = c1*p,
     * rc = c0 + c1*max(p - k, 0) with its kink k drawn from 2..8) and five forms outside lcm's
     * table and normal form: n^(3/5), n^(6/5), n/log2(n), log2(n)^3, sqrt(n)*log2(n)^3 (each with
     * a constant). The last flag of each case says whether lcm's table or normal form holds its
     * structure (only those can be recovered exactly).
     */
    private static List<Generator> parityGenerators() {
        List<Generator> out = new ArrayList<>(generators());
        String[][] pairs = {{"0,1,1", "2,1,0"}, {"1,2,0", "1,1,0"}, {"1,1,1", "2,1,0"}, {"0,1,2", "3,2,0"}, {"1,3,0", "1,1,2"}};
        for (String[] pair : pairs) {
            out.add(twoTerm(pair));
        }
        out.add(thesis("li = c1*(p - 1)*log2(p)", Category.LI, false, x -> (x - 1) * log2(x)));
        out.add(thesis("ip = c1*p", Category.IP, false, x -> x));
        for (int kink = 2; kink <= 8; kink += 3) {
            int k = kink;
            out.add(thesis("rc = c0 + c1*max(p - " + k + ", 0)", Category.RC, true, x -> Math.max(x - k, 0)));
        }
        out.add(outside("c0 + c1*n^(3/5)", x -> Math.pow(x, 0.6)));
        out.add(outside("c0 + c1*n^(6/5)", x -> Math.pow(x, 1.2)));
        out.add(outside("c0 + c1*n/log2(n)", x -> x / log2(x)));
        out.add(outside("c0 + c1*log2(n)^3", x -> Math.pow(log2(x), 3)));
        out.add(outside("c0 + c1*sqrt(n)*log2(n)^3", x -> Math.sqrt(x) * Math.pow(log2(x), 3)));
        return out;
    }

    /** The prefix of a generator text outside lcm's table and normal form. */
    public static final String OUTSIDE = "outside: ";

    private static Generator outside(String text, DoubleUnaryOperator f) {
        return new Generator(OUTSIDE + text, Category.PC, "n", 1, new Shape() {
            public double value(double[] c, double x) {
                return c[0] + c[1] * f.applyAsDouble(x);
            }

            public double term(int index, double x) {
                return f.applyAsDouble(x);
            }
        });
    }

    /** The number of generating functions of the parity set. */
    public static int parityGeneratorCount() {
        return parityGenerators().size();
    }

    /**
     * {@code count} series of the parity set, cycling through its generators, made as
     * {@link #generate} makes them (six points, one measurement each, noise {@code 1 + noise*u}).
     */
    public static List<Case> parity(int count, double noise, long seed) {
        return generate(parityGenerators(), count, noise, false, seed);
    }

    /** The number of generating functions; series cycle through them. */
    public static int generatorCount() {
        return generators().size();
    }

    /**
     * {@code count} series, cycling through the generating functions.
     *
     * @param noise    relative noise amplitude (0.01 for 1 %)
     * @param distinct every series draws its own x values
     */
    public static List<Case> generate(int count, double noise, boolean distinct, long seed) {
        return generate(generators(), count, noise, distinct, seed);
    }

    private static List<Case> generate(List<Generator> gens, int count, double noise, boolean distinct, long seed) {
        Random random = new Random(seed);
        List<Case> out = new ArrayList<>(count);
        for (int s = 0; s < count; s++) {
            Generator g = gens.get(s % gens.size());
            double[] x = g.variable().equals("p") ? (distinct ? distinctP(random) : P.clone()) : (distinct ? distinctN(random) : N.clone());
            double xmax = x[x.length - 1];
            double[] c = new double[g.terms() + 1];
            c[0] = logUniform(random, 1, 100);
            for (int t = 0; t < g.terms(); t++) {
                double share = logUniform(random, 2, 50);
                double at = g.shape().term(t, xmax);
                c[t + 1] = at == 0 ? 1 : c[0] * share / at;
            }
            double[] y = new double[x.length];
            for (int i = 0; i < x.length; i++) {
                double u = 2 * random.nextDouble() - 1;
                y[i] = g.shape().value(c, x[i]) * (1 + noise * u);
            }
            Shape shape = g.shape();
            out.add(new Case(g.text(), g.category(), g.variable(), x, y, v -> shape.value(c, v)));
        }
        return out;
    }

    private static double logUniform(Random r, double lo, double hi) {
        return lo * Math.exp(r.nextDouble() * Math.log(hi / lo));
    }

    private static double[] distinctN(Random r) {
        double[] x = new double[6];
        int start = 1 + r.nextInt(2);
        for (int i = 0; i < 6; i++) {
            x[i] = Math.pow(2, start + i) * (1 + 0.2 * (r.nextDouble() - 0.5));
        }
        return x;
    }

    private static double[] distinctP(Random r) {
        TreeSet<Integer> ps = new TreeSet<>();
        while (ps.size() < 6) {
            ps.add(1 + r.nextInt(64));
        }
        return ps.stream().mapToDouble(Integer::doubleValue).toArray();
    }
}
