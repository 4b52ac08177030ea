package lcm.explore;

import lcm.compose.ComposeOptions;
import lcm.dag.Program;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * {@code lcm explore}'s one entry: the variants of a program to a depth, each composed once and
 * evaluated at the points asked, ranked against the program as it is (docs/explore.md).
 */
public final class Explorer {

    /** How far to search: edits per variant, variants kept per level, time allowed. */
    public record Limits(int depth, int beam, Duration time) {

        public static Limits defaults() {
            return new Limits(2, 2000, Duration.ofSeconds(20));
        }
    }

    private final ComposeOptions options;
    private final Limits limits;

    public Explorer(ComposeOptions options, Limits limits) {
        this.options = options;
        this.limits = limits;
    }

    /** The exploration of {@code program} (named {@code name}) at the points asked, completed for its model. */
    public Exploration explore(String name, Program program, ExplorePoints points) {
        return explore(name, program, points, List.of());
    }

    /**
     * Like {@link #explore(String, Program, ExplorePoints)}, with equality judged on the paired
     * difference over {@code resampled}: the program with its models fitted to resamples of its runs.
     */
    public Exploration explore(String name, Program program, ExplorePoints points, List<Program> resampled) {
        Predictor once = new Predictor(options, List.of());
        return explore(name, program, points.resolve(once.predict(new Variant(program, List.of(), "")).model()), resampled);
    }

    /** The exploration of {@code program} (named {@code name}) at {@code points}, each complete for its model. */
    public Exploration explore(String name, Program program, List<Map<String, Double>> points) {
        return explore(name, program, points, List.of());
    }

    private Exploration explore(String name, Program program, List<Map<String, Double>> points, List<Program> resampled) {
        long start = System.nanoTime();
        Predictor predictor = new Predictor(options, points);
        Prediction base = predictor.predict(new Variant(program, List.of(), Signature.of(program)));
        Map<String, Double> scores = new HashMap<>();
        List<String> warnings = new ArrayList<>();
        Search.Result found = Search.run(program, limits.depth(), limits.beam(), limits.time().toNanos(),
                v -> scores.computeIfAbsent(v.signature(), s -> score(predictor, v, base)));
        List<Prediction> predictions = new ArrayList<>(List.of(base));
        predictions.addAll(predictor.predictAll(found.variants().subList(1, found.variants().size()), warnings));
        if (found.timedOut()) {
            warnings.add("the search stopped at its time limit (" + limits.time().toSeconds() + " s) with "
                    + found.variants().size() + " variants: give more time or a smaller --depth");
        }
        // the reading warnings the command has printed with their source lines are not repeated
        List<String> read = program.warnings().stream().map(lcm.source.Diagnostic::placed).toList();
        base.model().warnings().stream().filter(w -> !read.contains(w)).forEach(warnings::add);
        Set<String> ranked = predictions.stream().map(p -> p.variant().signature()).collect(Collectors.toSet());
        PairedEquality equality = new PairedEquality(resampled.stream().map(r -> times(r, points, ranked)).toList());
        double seconds = (System.nanoTime() - start) / 1e9;
        return new Exploration(name, points, Ranked.rank(predictions, equality), found.refusals(),
                new Exploration.SearchFigures(limits.depth(), predictions.size(), found.proposals(), found.pruned(),
                        found.timedOut(), seconds), warnings, equality.resamples());
    }

    /**
     * T_P at the points of the variants of {@code program} (one resample's models) that are among
     * {@code ranked}, by signature: the same search, the beam keeping the twins of the ranked
     * variants first, so that each variant of the program as fitted to all the runs has its twin.
     */
    private Map<String, double[]> times(Program program, List<Map<String, Double>> points, Set<String> ranked) {
        Predictor predictor = new Predictor(options, points);
        Map<String, double[]> out = new HashMap<>();
        Search.Result found = Search.run(program, limits.depth(), limits.beam(), limits.time().toNanos(),
                v -> ranked.contains(v.signature()) ? 0 : 1);
        List<Prediction> predicted;
        try {
            predicted = predictor.predictAll(found.variants().stream().filter(v -> ranked.contains(v.signature())).toList(),
                    new ArrayList<>());
        } catch (lcm.source.UserError cannot) {
            return out;   // the program as it is does not compose with this resample's models: no pairs from it
        }
        for (Prediction p : predicted) {
            double[] t = new double[points.size()];
            for (int i = 0; i < t.length; i++) {
                t[i] = p.time(i);
            }
            out.put(p.variant().signature(), t);
        }
        return out;
    }

    /** The beam's score: the variant's time over the program's, as a geometric mean over the points. */
    private static double score(Predictor predictor, Variant v, Prediction base) {
        try {
            return predictor.predict(v).ratio(base);
        } catch (lcm.source.UserError cannot) {
            return Double.POSITIVE_INFINITY;
        }
    }
}
