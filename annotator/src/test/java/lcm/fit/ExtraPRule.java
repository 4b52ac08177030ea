package lcm.fit;

/**
 * Extra-P 4.2.5's default one-parameter selection, written from its documented rule, to compare
 * lcm with on the side-by-side recipe's other seeds (where Extra-P's own models are not at hand):
 * the hypotheses are the constant (the mean, scored by its SMAPE on all points) and
 * {@code c0 + c1*x^i*log2(x)^j} for Extra-P's 42 default building blocks; each is fitted by least
 * squares and scored by its leave-one-out SMAPE (a constant below 0.0005 of the smallest training
 * value counts as 0 in the left-out prediction); a hypothesis whose term is below 0.0005 of the
 * data at every point is refused; the lowest score wins, ties to the earlier (the constant first).
 * Only its value at a point is needed here.
 */
final class ExtraPRule {

    /** Extra-P's building blocks {a, b, j}: x^(a/b)*log2(x)^j (the generator's and x^(4/5)). */
    private static final int[][] BLOCKS;

    static {
        int[][] g = SideBySideGenerator.TERMS;
        BLOCKS = java.util.Arrays.copyOf(g, g.length + 1);
        BLOCKS[g.length] = new int[] {4, 5, 0};
    }

    private static final double EPSILON = 0.0005;

    private ExtraPRule() {
    }

    /** The selected model's value at {@code at}. */
    static double predict(double[] xs, double[] ys, double at) {
        int n = xs.length;
        double mean = 0;
        for (double y : ys) {
            mean += y / n;
        }
        double bestScore = 0;
        for (int i = 0; i < n; i++) {
            bestScore += smape(ys[i], mean) / n;
        }
        double rss = 0;
        for (double y : ys) {
            rss += (y - mean) * (y - mean);
        }
        double best = mean;
        if (rss == 0) {
            return best;
        }
        for (int[] b : BLOCKS) {
            double[] t = new double[n];
            for (int i = 0; i < n; i++) {
                t[i] = SideBySideGenerator.term(xs[i], b);
            }
            double score = 0;
            for (int out = 0; out < n; out++) {
                double[] c = line(t, ys, out);
                double min = Double.POSITIVE_INFINITY;
                for (int i = 0; i < n; i++) {
                    if (i != out) {
                        min = Math.min(min, ys[i]);
                    }
                }
                double c0 = Math.abs(c[0] / min) < EPSILON ? 0 : c[0];
                score += smape(ys[out], c0 + c[1] * t[out]) / n;
            }
            double[] c = line(t, ys, -1);
            double contribution = 0;
            for (int i = 0; i < n; i++) {
                contribution = Math.max(contribution, Math.abs(c[1] * t[i] / ys[i]));
            }
            if (c[1] == 0 || contribution < EPSILON || !Double.isFinite(score)) {
                continue;
            }
            if (score < bestScore) {
                bestScore = score;
                best = c[0] + c[1] * SideBySideGenerator.term(at, b);
            }
        }
        return best;
    }

    private static double smape(double actual, double predicted) {
        double sum = Math.abs(actual) + Math.abs(predicted);
        return sum == 0 ? 0 : 2 * Math.abs(predicted - actual) / sum;
    }

    /** Least squares c0 + c1*t over the points but {@code skip} (-1: all). */
    private static double[] line(double[] t, double[] y, int skip) {
        double st = 0;
        double sy = 0;
        int m = 0;
        for (int i = 0; i < t.length; i++) {
            if (i != skip) {
                st += t[i];
                sy += y[i];
                m++;
            }
        }
        double mt = st / m;
        double my = sy / m;
        double stt = 0;
        double sty = 0;
        for (int i = 0; i < t.length; i++) {
            if (i != skip) {
                stt += (t[i] - mt) * (t[i] - mt);
                sty += (t[i] - mt) * (y[i] - my);
            }
        }
        double c1 = sty / stt;
        return new double[] {my - c1 * mt, c1};
    }
}
