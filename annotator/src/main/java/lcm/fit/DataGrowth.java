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
        double[] d = all.distinct(v);
        double hi = d[d.length - 1];
        double lo = d[d.length - 2];
        List<Expr> kept = new ArrayList<>();
        List<String> left = new ArrayList<>();
        for (Expr t : terms) {
            double tHi = value(t, variable, hi);
            double tLo = value(t, variable, lo);
            double own = Math.log(tHi / tLo) / Math.log(hi / lo);
            if (tHi > 0 && tLo > 0 && own <= g + 1e-9) {
                kept.add(t);
            } else {
                left.add(t.text());
            }
        }
        // none left but the data grow: the power of v the data show, in quarters (as the table's exponents)
        double quarters = Math.floor(g * 4 + 1e-9) / 4;
        if (kept.isEmpty() && quarters > 0) {
            kept.add(quarters == 1 ? new Expr.Var(variable) : Expr.pow(new Expr.Var(variable), Expr.num(quarters)));
        }
        if (!left.isEmpty()) {
            notes.add("few values: between " + variable + " = " + NumberText.digits(lo, 6) + " and " + NumberText.digits(hi, 6)
                    + " the data grow as " + variable + "^" + NumberText.digits(g, 3) + "; terms of " + variable
                    + " that grow faster are left out (" + String.join(", ", left) + ")");
        }
        return kept;
    }

    private static double value(Expr term, String variable, double x) {
        try {
            return Evaluator.eval(term, Map.of(variable, x));
        } catch (RuntimeException e) {
            return Double.NaN; // a term of other variables too: not one of this variable's
        }
    }
}
