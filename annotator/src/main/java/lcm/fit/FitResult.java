package lcm.fit;

import lcm.annotation.Category;

import java.util.List;
import java.util.Optional;

/**
 * The outcome of {@code lcm fit} for one quantity: every candidate fitted, ranked best first
 * (rule: {@link Ranking}), the index of the selected one, the per-variable projections of a
 * multi-variable fit, and notes for the user.
 *
 * @param selected the index of the selected fit in {@code fits}, -1 if none could be fitted
 */
public record FitResult(String quantity, Category category, List<String> variables, Series series, List<Fit> fits,
                        int selected, List<Projection> projections, List<String> notes) {

    public FitResult {
        variables = List.copyOf(variables);
        fits = List.copyOf(fits);
        projections = List.copyOf(projections);
        notes = List.copyOf(new java.util.LinkedHashSet<>(notes)); // each note once
    }

    public Optional<Fit> best() {
        return selected < 0 ? Optional.empty() : Optional.of(fits.get(selected));
    }

    /** The number of measurements fitted. */
    public int points() {
        return series.rows();
    }
}
