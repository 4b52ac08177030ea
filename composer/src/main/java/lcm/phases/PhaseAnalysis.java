package lcm.phases;

import lcm.source.Diagnostic;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Everything {@code lcm phases} finds in one trace: the profile, its smoothed form and
 * Carlson's phases; for message-passing traces PAS2P's logical trace, its repeated phases and
 * the prediction of the run from them.
 */
public record PhaseAnalysis(Timeline timeline, Profile profile, double[] smoothed, List<Phase> phases,
                            Optional<LogicalTrace> logical, Optional<RepeatedPhases> repeated, List<Diagnostic> warnings) {

    /** How to analyse: profile bins, smoothing, the phase finder's penalty, or boundaries given by the user. */
    public record Settings(int bins, Smoothing smoothing, double penalty, int minSamples, List<Double> boundaries) {
    }

    public static PhaseAnalysis of(Timeline tl, Settings s) {
        Profile profile = Profile.of(tl, s.bins());
        double[] smoothed = s.smoothing().apply(profile.busy());
        List<Phase> phases = s.boundaries().isEmpty()
                ? new PhaseFinder(s.smoothing(), s.penalty(), s.minSamples()).find(profile)
                : PhaseFinder.given(profile, s.boundaries(), "--boundaries");
        List<Diagnostic> warnings = new ArrayList<>(tl.warnings());
        Optional<LogicalTrace> logical = tl.messages().map(LogicalTrace::of);
        Optional<RepeatedPhases> repeated = Optional.empty();
        if (logical.isPresent()) {
            warnings.addAll(logical.get().warnings());
            if (logical.get().ticks().isEmpty()) {
                warnings.add(Diagnostic.warning(tl.source() + ": no messages: no logical trace, no repeated phases"));
            } else {
                RepeatedPhases rp = RepeatedPhases.of(logical.get());
                repeated = Optional.of(rp);
                if (rp.phases().stream().allMatch(p -> p.weight() == 1)) {
                    warnings.add(Diagnostic.warning(tl.source() + ": the logical trace has no repetition: "
                            + "every phase has weight 1 and the prediction is the measured time"));
                }
            }
        }
        return new PhaseAnalysis(tl, profile, smoothed, phases, logical, repeated, warnings);
    }
}
