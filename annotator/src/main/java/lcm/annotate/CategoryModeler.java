package lcm.annotate;

import lcm.annotation.Category;
import lcm.fit.CandidateTable;
import lcm.fit.Coefficient;
import lcm.fit.ModelFitter;
import lcm.fit.Ranking;
import lcm.fit.Series;
import lcm.measure.Measurement;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;

/**
 * Models one category of one fragment against all its variables, the thesis' Fig. 5.4 steps
 * 2(a)-(d) without a human in the loop:
 * <ol>
 * <li>a projection per variable ({@link ProjectionFinder}); a variable whose projection is
 * constant has no effect and is left out;</li>
 * <li>the multi-variable model whose projections are those: the product of the projections
 * (every product of one term of each, coefficients fitted to all the data), or their sum when
 * the sum fits better by {@link Ranking}'s rule: a lower cross-validation error, or one as low
 * (within the band the data cannot resolve) with fewer coefficients;</li>
 * <li>fitted to all the fragment's measurements by relative least squares, kinks profiled;</li>
 * <li>then terms whose coefficient's 90 % confidence interval contains zero are dropped one at a
 * time (the least significant first) while the smaller model is as good by {@link Ranking}'s
 * rule, so that {@code (k1 + k2*n^2)*(k3*p)} that is really {@code k*n^2*p} is written so.</li>
 * </ol>
 */
final class CategoryModeler {

    private final ProjectionFinder projections;
    private final KinkProfile kinks;

    CategoryModeler(ModelFitter fitter, CandidateTable table) {
        this.projections = new ProjectionFinder(fitter, table);
        this.kinks = new KinkProfile(fitter);
    }

    /**
     * The model of {@code quantity} (measured as {@code category}), or empty with a note when
     * even the chosen shape cannot be fitted.
     *
     * @param variables the fragment's variables, each with at least two values in its data
     */
    Optional<CategoryModel> model(Category category, String quantity, List<Measurement> measurements,
                                 List<String> variables, List<String> notes) {
        Series all = Series.of(measurements, quantity, variables);
        RelativeSeries data = RelativeSeries.of(all);
        List<ShapeProjection> found = new ArrayList<>();
        List<Shape> effects = new ArrayList<>();
        for (int v = 0; v < variables.size(); v++) {
            ShapeProjection p = projections.find(category, all, v, notes);
            found.add(p);
            if (!p.noEffect()) {
                effects.add(p.shape());
            }
        }
        KinkProfile.Profiled chosen;
        CategoryModel.Combination how;
        if (effects.isEmpty()) {
            chosen = kinks.fit(Shape.of(Shape.ONE), data);
            how = CategoryModel.Combination.CONSTANT;
        } else if (effects.size() == 1) {
            chosen = kinks.fit(effects.get(0), data);
            how = CategoryModel.Combination.SINGLE;
        } else {
            KinkProfile.Profiled product = kinks.fit(Shape.product(effects), data);
            KinkProfile.Profiled sum = kinks.fit(Shape.sum(effects), data);
            boolean sumBetter = better(sum, product, data);
            chosen = sumBetter ? sum : product;
            how = sumBetter ? CategoryModel.Combination.SUM : CategoryModel.Combination.PRODUCT;
        }
        if (!chosen.fit().ok()) {
            notes.add("the " + how.label() + " model " + chosen.shape().text() + " could not be fitted: "
                    + chosen.fit().problem().orElse("?"));
            return Optional.empty();
        }
        chosen = prune(chosen, data);
        List<Double> values = chosen.fit().coefficients().stream().map(Coefficient::value).toList();
        return Optional.of(new CategoryModel(category, quantity, chosen.shape(), values, how, found,
                chosen.fit().cvError()));
    }

    /** Drops terms the data cannot tell from zero while the smaller model is as good. */
    private KinkProfile.Profiled prune(KinkProfile.Profiled start, RelativeSeries data) {
        KinkProfile.Profiled current = start;
        boolean dropped = true;
        while (dropped && current.shape().terms().size() > 1) {
            dropped = false;
            List<Coefficient> cs = current.fit().coefficients();
            List<Integer> uncertain = new ArrayList<>();
            for (int j = 0; j < cs.size(); j++) {
                if (cs.get(j).intervalContainsZero()) {
                    uncertain.add(j);
                }
            }
            uncertain.sort(Comparator.comparingDouble(j -> Math.abs(cs.get(j).value()) / cs.get(j).ci90()));
            for (int j : uncertain) {
                KinkProfile.Profiled smaller = kinks.fit(current.shape().without(j), data);
                if (smaller.fit().ok() && better(smaller, current, data)) {
                    current = smaller;
                    dropped = true;
                    break;
                }
            }
        }
        return current;
    }

    private static boolean better(KinkProfile.Profiled a, KinkProfile.Profiled b, RelativeSeries data) {
        List<KinkProfile.Profiled> ranked = Ranking.rank(List.of(b, a), 1, data.noise(), p -> p.fit().ok(),
                p -> p.fit().cvError(), p -> p.shape().size(), p -> p.shape().complexity(), p -> p.fit().adjR2());
        return ranked.get(0) == a;
    }
}
