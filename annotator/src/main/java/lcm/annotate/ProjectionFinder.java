package lcm.annotate;

import lcm.annotation.Category;
import lcm.fit.CandidateTable;
import lcm.fit.Fit;
import lcm.fit.ModelFitter;
import lcm.fit.Ranking;
import lcm.fit.Series;

import java.util.ArrayList;
import java.util.List;

/**
 * Step 2(a) of the thesis' Fig. 5.4 for one category and variable: every candidate shape
 * ({@link ProjectionCandidates}) is fitted by relative least squares on every line of the data
 * along the variable (the other variables held at one combination of values; lines whose
 * values are all 0 say nothing and are skipped), and scored by the pooled relative
 * leave-one-point-out error, sqrt(sum of the lines' squared deleted residuals / their points).
 * The choice follows {@link Ranking}'s rule with the kinks of hinges counted as coefficients:
 * shapes within 10 % of the best error (plus the measurement noise) are equally good, and among
 * them the one with fewest fitted quantities, then the simplest (fewest logarithms and
 * fractional exponents), wins.
 */
final class ProjectionFinder {

    private final ModelFitter fitter;
    private final CandidateTable table;
    private final KinkProfile kinks;

    ProjectionFinder(ModelFitter fitter, CandidateTable table) {
        this.fitter = fitter;
        this.table = table;
        this.kinks = new KinkProfile(fitter);
    }

    private record Scored(Shape shape, double error, int size, int complexity) {
    }

    ShapeProjection find(Category category, Series all, int v, List<String> notes) {
        String variable = all.variables().get(v);
        List<Series> lines = all.linesAlong(v);
        int lineCount = lines.size();
        if (lines.isEmpty()) {
            notes.add("no line of the data varies " + variable + " alone; its projection was fitted to all measurements");
            lines = List.of(all.project(v));
        }
        List<RelativeSeries> data = new ArrayList<>();
        for (Series line : lines) {
            RelativeSeries r = RelativeSeries.of(line);
            if (!r.allZero()) {
                data.add(r);
            }
        }
        if (data.isEmpty()) {
            return new ShapeProjection(variable, Shape.of(Shape.ONE), 0, lineCount);
        }
        int points = 0;
        double noise = 0;
        for (RelativeSeries r : data) {
            points += r.points();
            noise += r.noise() * r.noise() * r.points();
        }
        List<Scored> scored = new ArrayList<>();
        for (Shape candidate : ProjectionCandidates.of(table, category, variable, notes)) {
            double press = 0;
            Shape fitted = candidate;
            for (RelativeSeries line : data) {
                KinkProfile.Profiled p = kinks.fit(candidate, line);
                Fit f = p.fit();
                double cv = f.ok() ? f.cvError() : Double.POSITIVE_INFINITY;
                press += cv * cv * line.points();
                if (line == data.get(0)) {
                    fitted = p.shape();
                }
            }
            double error = Double.isFinite(press) ? Math.sqrt(press / points) : Double.POSITIVE_INFINITY;
            scored.add(new Scored(fitted, error, candidate.size(), candidate.complexity()));
        }
        List<Scored> ranked = Ranking.rank(scored, 1, Math.sqrt(noise / points), s -> true, Scored::error,
                Scored::size, Scored::complexity, s -> Double.NaN);
        Scored best = ranked.get(0);
        if (!Double.isFinite(best.error())) {
            notes.add("no candidate form of " + category.key() + " against " + variable + " could be fitted; "
                    + variable + " is left out");
            return new ShapeProjection(variable, Shape.of(Shape.ONE), Double.NaN, lineCount);
        }
        return new ShapeProjection(variable, best.shape(), best.error(), lineCount);
    }
}
