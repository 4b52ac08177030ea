package lcm.fit;

import lcm.expr.Evaluator;
import lcm.expr.Expr;
import lcm.expr.Median;
import lcm.expr.NumberText;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Terms that grow no faster than the data show, for a variable measured at too few values to
 * choose its form (fewer than {@value ModelFitter#FEWEST_TO_SELECT}) once the data have refused
 * the category's typical form: between the variable's two largest values the quantity grows as
 * v^g (g the median over the lines along v of ln(y_k / y_(k-1)) / ln(v_k / v_(k-1)), from the
 * points' centres), and a term of v is kept only where its own growth there is at most g. A fit
 * evaluated beyond the data then cannot grow faster than the last step the data took (li fitted
 * at p = 1, 2, 4 and used at p = 16 was p^3 where the runs grew as p^0.4). Where no term is left
 * and the data grow, the term is v^g itself, g rounded down to a quarter.
 */
final class DataGrowth {

    private DataGrowth() {
    }

    /** The growth exponent between v's two largest values; NaN where no line has both with positive values. */
    static double exponent(Series all, int v) {
        double[] d = all.distinct(v);
        if (d.length < 2) {
            return Double.NaN;
        }
        double hi = d[d.length - 1];
        double lo = d[d.length - 2];
        List<Double> g = new ArrayList<>();
        for (Series line : all.linesAlong(v)) {
            double yHi = Double.NaN;
            double yLo = Double.NaN;
            for (int i = 0; i < line.points(); i++) {
                double x = line.pointX(i)[0];
                if (x == hi) {
                    yHi = line.centre(i);
                } else if (x == lo) {
                    yLo = line.centre(i);
                }
            }
            if (yHi > 0 && yLo > 0) {
                g.add(Math.log(yHi / yLo) / Math.log(hi / lo));
            }
        }
        return g.isEmpty() ? Double.NaN : Median.of(g.stream().mapToDouble(Double::doubleValue).toArray());
    }

    /** {@code terms} (of the variable alone) that grow no faster than the data between its two largest values. */
    static List<Expr> noFaster(List<Expr> terms, String variable, Series all, int v, List<String> notes) {
        double g = exponent(all, v);
        if (Double.isNaN(g)) {
            return new ArrayList<>(terms);
        }
        return noFaster(terms, variable, all, v, 0, g, 0, notes);
    }

    /**
     * {@code terms} whose growth in u = v - shift between v's two largest values is at most the
     * data's {@code g} plus {@code se}; none left and g > 0: u^g, g rounded down to a quarter.
     */
    static List<Expr> noFaster(List<Expr> terms, String variable, Series all, int v, double shift, double g, double se,
                               List<String> notes) {
        double[] d = above(all.distinct(v), shift);
        double hi = d[d.length - 1];
        double lo = d[d.length - 2];
        List<Expr> kept = new ArrayList<>();
        List<String> left = new ArrayList<>();
        for (Expr t : terms) {
            if (noFaster(t, variable, hi, lo, shift, g + se)) {
                kept.add(t);
            } else {
                left.add(t.text());
            }
        }
        // none left but the data grow: the power of u the data show, in quarters (as the table's exponents)
        double quarters = Math.floor(g * 4 + 1e-9) / 4;
        if (kept.isEmpty() && quarters > 0) {
            Expr u = shift == 0 ? new Expr.Var(variable) : ZeroOnOneProcessor.excess();
            kept.add(quarters == 1 ? u : Expr.pow(u, Expr.num(quarters)));
        }
        if (!left.isEmpty()) {
            String u = shift == 0 ? variable : "(" + variable + " - " + NumberText.digits(shift, 6) + ")";
            notes.add((shift == 0 ? "few values: " : "") + "between " + variable + " = " + NumberText.digits(lo, 6) + " and "
                    + NumberText.digits(hi, 6) + (shift == 0 ? " the data grow as " : " a model may grow at most as ") + u + "^"
                    + NumberText.digits(g, 3)
                    + (se > 0 ? " (+- " + NumberText.digits(se, 2) + ")" : "") + "; terms of " + variable
                    + " that grow faster" + (shift == 0 ? "" : " there or beyond") + " are left out (" + String.join(", ", left) + ")");
        }
        return kept;
    }

    /**
     * Whether term {@code t} of the variable grows in u = v - shift from v = lo to hi as u^g with g
     * at most {@code limit}; with a shift (the width above one processor, {@link ZeroOnOneProcessor})
     * also over every step beyond hi ({@link #BEYOND}).
     */
    static boolean noFaster(Expr t, String variable, double hi, double lo, double shift, double limit) {
        double tHi = value(t, variable, hi);
        double tLo = value(t, variable, lo);
        double own = Math.log(tHi / tLo) / Math.log((hi - shift) / (lo - shift));
        if (!(tHi > 0 && tLo > 0 && own <= limit + 1e-9)) {
            return false;
        }
        if (shift != 0) {
            for (int j = 0; j + 1 < BEYOND.length; j++) {
                double a = value(t, variable, hi * BEYOND[j]);
                double b = value(t, variable, hi * BEYOND[j + 1]);
                if (!(a > 0 && b > 0) || Math.log(b / a) / Math.log((hi * BEYOND[j + 1] - shift) / (hi * BEYOND[j] - shift)) > limit + 1e-9) {
                    return false;
                }
            }
        }
        return true;
    }

    /**
     * The multiples of the largest width at which a model's growth beyond the data is checked: its
     * growth exponent in p - 1 over each step (1 to 2 times the largest width, 2 to 4, ..., 512 to
     * 1024) may not exceed the data's last one. The table's forms have exponents that are constant
     * ((p - 1)^k), falling (log2(p)) or rising ((p - 1)*sqrt(p) towards 1.5), so ten doublings show
     * where a form ends up.
     */
    static final double[] BEYOND = {1, 2, 4, 8, 16, 32, 64, 128, 256, 512, 1024};

    /** Whether term {@code t} grows no faster than {@code limit} between the two largest values of v above shift (true where there are not two). */
    static boolean noFaster(Expr t, String variable, Series all, int v, double shift, double limit) {
        double[] d = above(all.distinct(v), shift);
        return d.length < 2 || noFaster(t, variable, d[d.length - 1], d[d.length - 2], shift, limit);
    }

    /** The values of {@code d} above {@code shift} (all of them for shift 0). */
    static double[] above(double[] d, double shift) {
        return shift == 0 ? d : java.util.Arrays.stream(d).filter(x -> x > shift).toArray();
    }

    /**
     * The growth exponent in u = v - shift between v's two largest values above shift, and its
     * standard error: g is the median over the pairs of points there with the same other
     * variables of ln(y_k / y_(k-1)) / ln(u_k / u_(k-1)); se is the standard error of that median,
     * 1.2533 s / sqrt(L) over L pairs, and at least the error two point centres of the series'
     * relative noise give one slope, sqrt(2) noise / ln(u_k / u_(k-1)) / sqrt(L). Null where v has
     * fewer than two values above shift or no pair has positive values.
     */
    static double[] exponentAndError(Series all, int v, double shift) {
        double[] d = above(all.distinct(v), shift);
        if (d.length < 2) {
            return null;
        }
        double hi = d[d.length - 1];
        double lo = d[d.length - 2];
        double step = Math.log((hi - shift) / (lo - shift));
        List<Double> g = new ArrayList<>();
        for (int[] pair : pairs(all, v, hi, lo)) {
            double yHi = all.centre(pair[0]);
            double yLo = all.centre(pair[1]);
            if (yHi > 0 && yLo > 0) {
                g.add(Math.log(yHi / yLo) / step);
            }
        }
        if (g.isEmpty()) {
            return null;
        }
        double[] s = g.stream().mapToDouble(Double::doubleValue).toArray();
        double median = Median.of(s);
        double fromNoise = Math.sqrt(2) * all.relativeNoise() / step / Math.sqrt(s.length);
        double fromPairs = 0;
        if (s.length >= 2) {
            double mean = java.util.Arrays.stream(s).average().orElse(0);
            double ss = java.util.Arrays.stream(s).map(x -> (x - mean) * (x - mean)).sum();
            fromPairs = 1.2533 * Math.sqrt(ss / (s.length - 1)) / Math.sqrt(s.length);
        }
        return new double[] {median, Math.max(fromPairs, fromNoise)};
    }

    /**
     * The model's fastest growth exponent in u = v - shift at any combination of the other
     * variables measured (line by line): between v's two largest values above shift, and over each
     * step beyond the largest ({@link #BEYOND}); NaN where the model is not positive at any of
     * them, infinite where it rises from a non-positive value.
     */
    static double fastest(Fit f, Series all, int v, double shift) {
        double[] d = above(all.distinct(v), shift);
        if (d.length < 2 || !f.ok()) {
            return Double.NaN;
        }
        double hi = d[d.length - 1];
        double lo = d[d.length - 2];
        double most = Double.NaN;
        for (int[] pair : pairs(all, v, hi, lo)) {
            double[] at = all.pointX(pair[0]).clone();
            double[] widths = new double[BEYOND.length + 1];
            widths[0] = lo;
            for (int j = 0; j < BEYOND.length; j++) {
                widths[j + 1] = hi * BEYOND[j];
            }
            for (int j = 0; j + 1 < widths.length; j++) {
                at[v] = widths[j];
                double a = Prediction.value(f, at);
                at[v] = widths[j + 1];
                double b = Prediction.value(f, at);
                double g = a > 0 && b > 0 ? Math.log(b / a) / Math.log((widths[j + 1] - shift) / (widths[j] - shift))
                        : b > 0 ? Double.POSITIVE_INFINITY : Double.NaN;
                if (!Double.isNaN(g) && !(g <= most)) {
                    most = g;
                }
            }
        }
        return most;
    }

    /** The model's growth exponent in u = v - shift over the same pairs of points; NaN where it is not positive at them. */
    static double exponent(Fit f, Series all, int v, double shift) {
        double[] d = above(all.distinct(v), shift);
        if (d.length < 2 || !f.ok()) {
            return Double.NaN;
        }
        double hi = d[d.length - 1];
        double lo = d[d.length - 2];
        double step = Math.log((hi - shift) / (lo - shift));
        List<Double> g = new ArrayList<>();
        for (int[] pair : pairs(all, v, hi, lo)) {
            double mHi = Prediction.value(f, all.pointX(pair[0]));
            double mLo = Prediction.value(f, all.pointX(pair[1]));
            if (mHi > 0 && mLo > 0) {
                g.add(Math.log(mHi / mLo) / step);
            } else if (mHi > 0) {
                g.add(Double.POSITIVE_INFINITY);
            }
        }
        return g.isEmpty() ? Double.NaN : Median.of(g.stream().mapToDouble(Double::doubleValue).toArray());
    }

    /** Index pairs (point at v = hi, point at v = lo) that agree in every other variable. */
    private static List<int[]> pairs(Series all, int v, double hi, double lo) {
        Map<List<Double>, Integer> low = new java.util.HashMap<>();
        for (int i = 0; i < all.points(); i++) {
            if (all.pointX(i)[v] == lo) {
                low.put(others(all.pointX(i), v), i);
            }
        }
        List<int[]> out = new ArrayList<>();
        for (int i = 0; i < all.points(); i++) {
            if (all.pointX(i)[v] == hi) {
                Integer j = low.get(others(all.pointX(i), v));
                if (j != null) {
                    out.add(new int[] {i, j});
                }
            }
        }
        return out;
    }

    private static List<Double> others(double[] x, int v) {
        List<Double> out = new ArrayList<>();
        for (int i = 0; i < x.length; i++) {
            if (i != v) {
                out.add(x[i]);
            }
        }
        return out;
    }

    private static double value(Expr term, String variable, double x) {
        try {
            return Evaluator.eval(term, Map.of(variable, x));
        } catch (RuntimeException e) {
            return Double.NaN; // a term of other variables too: not one of this variable's
        }
    }
}
