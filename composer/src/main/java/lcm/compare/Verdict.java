package lcm.compare;

import lcm.expr.NumberText;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalInt;

/**
 * The answer in one paragraph: which model is faster where.
 *
 * @param text      the sentence(s) a report leads with
 * @param winner    the model that is best at every grid point, if one is
 * @param marginMin with a winner: the least, over the grid, of (runner-up's T_P / winner's T_P - 1)
 * @param marginMax with a winner: the greatest of the same
 */
public record Verdict(String text, OptionalInt winner, double marginMin, double marginMax) {

    static Verdict of(List<Alternative> models, Grid grid, List<Region> regions, List<Crossover> crossovers,
                      String rangeText) {
        int[] wins = grid.wins();
        int total = 0;
        for (int w : wins) {
            total += w;
        }
        if (total == 0) {
            return new Verdict("No model has a finite T_P anywhere in the range (" + rangeText + ").",
                    OptionalInt.empty(), Double.NaN, Double.NaN);
        }
        List<String> unusable = new ArrayList<>();
        for (int m = 0; m < wins.length; m++) {
            if (grid.nonFinite()[m] == grid.size()) {
                unusable.add(models.get(m).name());
            }
        }
        if (!unusable.isEmpty() && models.size() - unusable.size() < 2) {
            // a verdict against a model that is negative or not finite everywhere would be built on nothing
            return new Verdict("No verdict: T_P of " + String.join(", ", unusable) + " is negative or not a finite"
                    + " number at every grid point of the range (" + rangeText + "); see the warnings.",
                    OptionalInt.empty(), Double.NaN, Double.NaN);
        }
        Verdict v = among(models, grid, regions, crossovers, rangeText, wins, total);
        if (unusable.isEmpty()) {
            return v;
        }
        return new Verdict("Left out: T_P of " + String.join(", ", unusable) + " is negative or not a finite number at"
                + " every grid point (see the warnings). " + v.text(), v.winner(), v.marginMin(), v.marginMax());
    }

    /** The verdict among the models with usable times ({@code wins}: grid points each is best at). */
    private static Verdict among(List<Alternative> models, Grid grid, List<Region> regions, List<Crossover> crossovers,
                                 String rangeText, int[] wins, int total) {
        for (int m = 0; m < wins.length; m++) {
            if (wins[m] == total) {
                double[] margin = margin(grid, m);
                if (models.size() == 2 && margin[0] == 0 && margin[1] == 0) {
                    return new Verdict(models.get(0).name() + " and " + models.get(1).name()
                            + " take the same time everywhere in the range (" + rangeText + ").", OptionalInt.of(m), 0, 0);
                }
                String others = models.size() == 2 ? models.get(1 - m).name() + " takes " : "The others take ";
                String text = models.get(m).name() + " is faster everywhere in the range (" + rangeText
                        + "): no crossover. " + others
                        + range(margin) + " longer.";
                return new Verdict(text, OptionalInt.of(m), margin[0], margin[1]);
            }
        }
        StringBuilder s = new StringBuilder("The best structure changes inside the range (" + rangeText + "): ");
        List<String> shares = new ArrayList<>();
        for (int m = 0; m < wins.length; m++) {
            shares.add(models.get(m).name() + " is best on " + NumberText.percent(wins[m] / (double) total) + " of the grid");
        }
        s.append(String.join(", ", shares)).append('.');
        if (grid.domain().row().isEmpty()) {
            s.append(' ');
            List<String> parts = new ArrayList<>();
            String v = grid.domain().column().variable();
            for (Region r : regions) {
                Region.Interval i = r.extent().get(v);
                parts.add(models.get(r.model()).name() + " for " + v + " in [" + NumberText.plain(i.from()) + ", "
                        + NumberText.plain(i.to()) + "]");
            }
            s.append("Best: ").append(String.join(", ", parts)).append('.');
        } else {
            s.append(" ").append(crossovers.size()).append(" crossover points on the grid lines.");
        }
        return new Verdict(s.toString(), OptionalInt.empty(), Double.NaN, Double.NaN);
    }

    /** {min, max} over the grid of (runner-up / winner - 1), where {@code w} is best everywhere. */
    private static double[] margin(Grid grid, int w) {
        double min = Double.POSITIVE_INFINITY;
        double max = Double.NEGATIVE_INFINITY;
        double[][] t = grid.times();
        for (int i = 0; i < grid.size(); i++) {
            double runnerUp = Double.POSITIVE_INFINITY;
            for (int m = 0; m < t.length; m++) {
                if (m != w && Grid.usable(t[m][i])) {
                    runnerUp = Math.min(runnerUp, t[m][i]);
                }
            }
            if (Double.isFinite(runnerUp) && Grid.usable(t[w][i])) {
                // equal times tie, also at zero
                double r = runnerUp == t[w][i] ? 0 : runnerUp / t[w][i] - 1;
                min = Math.min(min, r);
                max = Math.max(max, r);
            }
        }
        return new double[] {min, max};
    }

    private static String range(double[] m) {
        if (!Double.isFinite(m[0])) {
            return "(no finite comparison)";
        }
        return NumberText.percent(m[0]).equals(NumberText.percent(m[1])) ? NumberText.percent(m[0])
                : NumberText.percent(m[0]) + " to " + NumberText.percent(m[1]);
    }
}
