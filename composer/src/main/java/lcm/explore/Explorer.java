package lcm.explore;

import lcm.compose.ComposeOptions;
import lcm.dag.Program;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

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
        Predictor once = new Predictor(options, List.of());
        return explore(name, program, points.resolve(once.predict(new Variant(program, List.of(), "")).model()));
    }

    /** The exploration of {@code program} (named {@code name}) at {@code points}, each complete for its model. */
    public Exploration explore(String name, Program program, List<Map<String, Double>> points) {
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
        double seconds = (System.nanoTime() - start) / 1e9;
        return new Exploration(name, points, Ranked.rank(predictions), found.refusals(),
                new Exploration.SearchFigures(limits.depth(), predictions.size(), found.proposals(), found.pruned(),
                        found.timedOut(), seconds), warnings, false);
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
