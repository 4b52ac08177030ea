package lcm.fit;

import lcm.expr.NumberText;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;

/**
 * Whether a chosen form is what the data choose, or what these runs happened to choose: the
 * request is fitted again on resamples of its runs (each point's runs drawn with replacement,
 * {@link Resample}), and the forms chosen are counted. When the form chosen on all runs is not the
 * one most resamples choose, a note says so with the shares. With one run per point there is
 * nothing to resample: the note says that stability cannot be judged.
 */
public final class Stability {

    /** Resamples of the runs per check. */
    public static final int RESAMPLES = 20;

    /** The seed of the resamples (fixed, so that fit and annotate say the same on the same data). */
    public static final long SEED = 19940501L;

    /**
     * @param chosen   the form chosen on all runs (its text with coefficients k1, k2, ...)
     * @param counts   per form chosen by some resample, how many chose it, most first
     */
    public record Result(String chosen, Map<String, Integer> counts, int resamples) {

        /** The form most resamples choose. */
        public String mostCommon() {
            return counts.keySet().iterator().next();
        }

        public int agreeing() {
            return counts.getOrDefault(chosen, 0);
        }

        /** Whether the chosen form is (one of) the most often chosen. */
        public boolean stable() {
            return agreeing() >= counts.values().iterator().next();
        }

        public String note() {
            return "unstable: the form chosen, " + chosen + ", is chosen by " + agreeing() + " of "
                    + NumberText.counted(resamples, "resample") + " of the runs; " + counts.values().iterator().next() + " choose " + mostCommon()
                    + " (more runs per point would settle it)";
        }
    }

    private Stability() {
    }

    /**
     * Fits {@code request} on {@value #RESAMPLES} resamples of its runs; empty when the chosen
     * result has no selection or the runs cannot be resampled (one run per point).
     */
    public static Optional<Result> check(ModelFitter fitter, FitRequest request, FitResult result) {
        return check(fitter, request, result, RESAMPLES, SEED);
    }

    public static Optional<Result> check(ModelFitter fitter, FitRequest request, FitResult result, int resamples, long seed) {
        // a model from its causes is numbers from other fits, not a form chosen among others: nothing to count
        if (result.best().isEmpty() || result.best().get().candidate().origin() == CandidateForm.Origin.CAUSES) {
            return Optional.empty();
        }
        Resample.Units units = new Resample.Units(request.measurements(), request.variables());
        if (!units.resamplable()) {
            return Optional.empty();
        }
        String chosen = result.best().get().candidate().text();
        ObservedRows rows = new ObservedRows(request.measurements(), request.quantity(), request.variables());
        Random random = new Random(seed);
        Map<String, Integer> counts = new LinkedHashMap<>();
        for (int b = 0; b < resamples; b++) {
            Resample.Draw draw = units.drawn(random);
            FitRequest again = new FitRequest(draw.measurements(), request.quantity(), request.category(), request.variables(),
                    request.formulas(), request.normalForm(), request.defaults());
            String form;
            try {
                form = fitter.fit(again, rows.series(draw)).best().map(f -> f.candidate().text()).orElse("(none)");
            } catch (lcm.source.UserError e) {
                form = "(none)";
            }
            counts.merge(form, 1, Integer::sum);
        }
        List<Map.Entry<String, Integer>> sorted = new ArrayList<>(counts.entrySet());
        sorted.sort((a, b) -> Integer.compare(b.getValue(), a.getValue()));
        Map<String, Integer> ordered = new LinkedHashMap<>();
        sorted.forEach(e -> ordered.put(e.getKey(), e.getValue()));
        return Optional.of(new Result(chosen, ordered, resamples));
    }

    /** {@code result} with the stability check's note when the chosen form is not the most chosen one. */
    public static FitResult noted(ModelFitter fitter, FitRequest request, FitResult result) {
        Optional<Result> r = check(fitter, request, result);
        if (r.isEmpty() || r.get().stable()) {
            return result;
        }
        List<String> notes = new ArrayList<>(result.notes());
        notes.add(r.get().note());
        return new FitResult(result.quantity(), result.category(), result.variables(), result.series(), result.fits(),
                result.selected(), result.projections(), notes);
    }
}
