package lcm.fit;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.function.DoubleUnaryOperator;

/**
 * The recipe of the side-by-side set with Extra-P, written again in Java so that lcm's selection
 * can be tuned on sets made the same way but with other seeds (the published set, with its
 * Extra-P models, is kept for the report). Per noise level (0, 1, 5 %: 150, 300, 300 series), half
 * the series are measured at x = 1, 2, 4, ..., 32 and half at x = 64, ..., 2048; six points, one
 * measurement each, y = f(x)*(1 + s*N(0, 1)). Generators: c0 from U(1, 10); every term's
 * coefficient makes the term worth U(2, 100)*c0 at the largest x; 55 % one term
 * c0 + c1*x^i*log2(x)^j, 15 % two different terms, 10 % the constant, 20 % one of the thesis'
 * forms (a*x*sqrt(x), plus c0 for half of them; a*ln(x) + c0; a*x^2*ln(x) + c0; max(k1*x + k2, c0)
 * with the breakpoint log-uniform between the 2nd and the 4th point). The terms (i, j) are
 * Extra-P 4.2.5's default building blocks except x^(4/5).
 */
final class SideBySideGenerator {

    static final int[] NOISES = {0, 1, 5};
    static final int[] COUNTS = {150, 300, 300};
    static final double[][] POINT_SETS = {{1, 2, 4, 8, 16, 32}, {64, 128, 256, 512, 1024, 2048}};
    private static final String[] SET_NAMES = {"p", "n"};

    /** Extra-P's building blocks x^(a/b)*log2(x)^j as {a, b, j}, without (4, 5, 0). */
    static final int[][] TERMS = {{0, 1, 1}, {0, 1, 2}, {1, 4, 0}, {1, 3, 0}, {1, 4, 1}, {1, 3, 1}, {1, 4, 2}, {1, 3, 2},
            {1, 2, 0}, {1, 2, 1}, {1, 2, 2}, {2, 3, 0}, {3, 4, 0}, {2, 3, 1}, {3, 4, 1}, {2, 3, 2}, {3, 4, 2}, {1, 1, 0},
            {1, 1, 1}, {1, 1, 2}, {5, 4, 0}, {5, 4, 1}, {4, 3, 0}, {4, 3, 1}, {3, 2, 0}, {3, 2, 1}, {3, 2, 2}, {5, 3, 0},
            {7, 4, 0}, {2, 1, 0}, {2, 1, 1}, {2, 1, 2}, {9, 4, 0}, {7, 3, 0}, {5, 2, 0}, {5, 2, 1}, {5, 2, 2}, {8, 3, 0},
            {11, 4, 0}, {3, 1, 0}, {3, 1, 1}};

    private SideBySideGenerator() {
    }

    static double term(double x, int[] t) {
        return Math.pow(x, (double) t[0] / t[1]) * Math.pow(Math.log(x) / Math.log(2), t[2]);
    }

    private record Drawn(String kind, List<double[]> terms, boolean max, DoubleUnaryOperator f) {
    }

    /** All 750 series of one seed. */
    static List<SideBySideCase> generate(long seed) {
        List<SideBySideCase> out = new ArrayList<>();
        for (int level = 0; level < NOISES.length; level++) {
            for (int set = 0; set < POINT_SETS.length; set++) {
                Random rnd = new Random(seed * 1_000_003L + level * 31L + set);
                double[] xs = POINT_SETS[set];
                double xmax = xs[xs.length - 1];
                for (int s = 0; s < COUNTS[level] / 2; s++) {
                    Drawn d = draw(rnd, xs);
                    double[] ys = new double[xs.length];
                    for (int i = 0; i < xs.length; i++) {
                        ys[i] = d.f().applyAsDouble(xs[i]) * (1 + NOISES[level] / 100.0 * rnd.nextGaussian());
                    }
                    out.add(new SideBySideCase(String.format("%s%d_%03d", SET_NAMES[set], NOISES[level], s), d.kind(),
                            NOISES[level], xs.clone(), ys, d.f().applyAsDouble(4 * xmax), d.f().applyAsDouble(16 * xmax),
                            d.terms(), d.max()));
                }
            }
        }
        return out;
    }

    private static Drawn draw(Random rnd, double[] xs) {
        double xmax = xs[xs.length - 1];
        double u = rnd.nextDouble();
        double c0 = 1 + 9 * rnd.nextDouble();
        if (u < 0.70) {
            int count = u < 0.55 ? 1 : 2;
            int first = rnd.nextInt(TERMS.length);
            int second = first;
            while (count == 2 && second == first) {
                second = rnd.nextInt(TERMS.length);
            }
            int[][] ts = count == 1 ? new int[][] {TERMS[first]} : new int[][] {TERMS[first], TERMS[second]};
            double[] c = new double[ts.length];
            List<double[]> structure = new ArrayList<>();
            for (int k = 0; k < ts.length; k++) {
                c[k] = c0 * (2 + 98 * rnd.nextDouble()) / term(xmax, ts[k]);
                structure.add(new double[] {(double) ts[k][0] / ts[k][1], ts[k][2]});
            }
            return new Drawn(count == 1 ? "one-term" : "two-term", structure, false, x -> {
                double y = c0;
                for (int k = 0; k < ts.length; k++) {
                    y += c[k] * term(x, ts[k]);
                }
                return y;
            });
        }
        if (u < 0.80) {
            return new Drawn("constant", List.of(), false, x -> c0);
        }
        int form = rnd.nextInt(4);
        double w = c0 * (2 + 98 * rnd.nextDouble());
        return switch (form) {
            case 0 -> {
                double a = w / Math.pow(xmax, 1.5);
                double b = rnd.nextDouble() < 0.5 ? c0 : 0;
                yield new Drawn("thesis-xsqrtx", List.<double[]>of(new double[] {1.5, 0}), false, x -> a * x * Math.sqrt(x) + b);
            }
            case 1 -> {
                double a = w / Math.log(xmax);
                yield new Drawn("thesis-log", List.<double[]>of(new double[] {0, 1}), false, x -> a * Math.log(x) + c0);
            }
            case 2 -> {
                double a = w / (xmax * xmax * Math.log(xmax));
                yield new Drawn("thesis-x2logx", List.<double[]>of(new double[] {2, 1}), false, x -> a * x * x * Math.log(x) + c0);
            }
            default -> {
                double theta = Math.exp(Math.log(xs[1]) + (Math.log(xs[3]) - Math.log(xs[1])) * rnd.nextDouble());
                double k1 = w / (xmax - theta);
                double k2 = c0 - k1 * theta;
                yield new Drawn("thesis-max", List.of(), true, x -> Math.max(k1 * x + k2, c0));
            }
        };
    }
}
