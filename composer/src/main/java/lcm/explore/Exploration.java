package lcm.explore;

import java.util.List;
import java.util.Map;

/**
 * What {@code lcm explore} found: the variants ranked, what the annotations did not allow, and
 * how the search went.
 *
 * @param program   the program as the user named it
 * @param points    the points the variants were evaluated at, complete
 * @param ranked    every variant composed, fastest first (the program as it is among them)
 * @param refusals  edits of the program that its annotations do not allow, and what to annotate
 * @param search    the search's figures
 * @param warnings  what the user should know (variants that did not compose, the program's own warnings)
 * @param resamples the resamples of the runs equality was judged on (the paired difference's 90 % interval);
 *                  0: on point predictions
 */
public record Exploration(String program, List<Map<String, Double>> points, List<Ranked> ranked,
                          List<Refusal> refusals, SearchFigures search, List<String> warnings, int resamples) {

    /**
     * @param depth     the depth asked
     * @param variants  variants composed and evaluated (the program as it is included)
     * @param proposals edits made, those that gave a structure already found included
     * @param pruned    variants the beam left out
     * @param timedOut  whether the time limit stopped the search
     * @param seconds   the time taken to search, compose and evaluate
     */
    public record SearchFigures(int depth, int variants, int proposals, int pruned, boolean timedOut, double seconds) {
    }

    public Exploration {
        points = List.copyOf(points);
        ranked = List.copyOf(ranked);
        refusals = List.copyOf(refusals);
        warnings = List.copyOf(warnings);
    }

    /** Variant {@code number} (0: the program as it is). */
    public java.util.Optional<Ranked> variant(int number) {
        return ranked.stream().filter(r -> r.number() == number).findFirst();
    }
}
