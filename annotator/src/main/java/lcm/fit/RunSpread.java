package lcm.fit;

import lcm.expr.NumberText;

import java.util.Optional;

/**
 * Checks a model against the spread of each point's runs: a point whose relative residual
 * |centre - model| / |centre| is more than {@value #TIMES} times the relative spread of its runs
 * ({@link Series#spread}) contradicts the model. This is how a form taken without a choice (the
 * category's typical form under {@value ModelFitter#FEWEST_TO_SELECT} values) is held to the data;
 * points measured once have no spread and are not checked.
 */
final class RunSpread {

    /** How many times its runs' spread a point's relative residual may be. */
    static final double TIMES = 3;

    private RunSpread() {
    }

    /** The first point (in point order) that contradicts {@code f}, described, or empty. */
    static Optional<String> contradiction(Fit f, Series s) {
        for (int i = 0; i < s.points(); i++) {
            double spread = s.spread(i);
            double c = s.centre(i);
            if (s.reps(i) < 2 || !Double.isFinite(spread) || c == 0) {
                continue;
            }
            double r = Math.abs(c - Prediction.value(f, s.pointX(i))) / Math.abs(c);
            if (r > TIMES * spread) {
                return Optional.of("at " + where(s, i) + " it is off by " + NumberText.digits(r * 100, 3)
                        + " %, more than " + NumberText.digits(TIMES, 1) + " times the spread of the runs there ("
                        + NumberText.digits(spread * 100, 3) + " %)");
            }
        }
        return Optional.empty();
    }

    private static String where(Series s, int point) {
        StringBuilder b = new StringBuilder();
        double[] x = s.pointX(point);
        for (int j = 0; j < x.length; j++) {
            b.append(j == 0 ? "" : ", ").append(s.variables().get(j)).append(" = ").append(NumberText.digits(x[j], 6));
        }
        return b.toString();
    }
}
