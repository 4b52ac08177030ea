package lcm.explore;

import lcm.compare.Alternative;
import lcm.compare.AlternativeLoader;
import lcm.compare.AsciiMap;
import lcm.compare.CompareRequest;
import lcm.compare.Comparer;
import lcm.compare.Comparison;
import lcm.compare.Region;
import lcm.values.Point;
import lcm.values.Ranges;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * The best-structure map of the top variants over {@code --range}, drawn by lcm compare's own
 * code: the variants are compared as alternatives (A: the program as it is, then the top ones
 * in rank order).
 *
 * @param numbers the variant number of each letter
 */
public record BestMap(Comparison comparison, List<Integer> numbers) {

    /** Letters a map can tell apart and a person can read. */
    static final int MAX = 8;

    public static BestMap of(Exploration e, Ranges range, Point fix, int top) {
        List<Alternative> alternatives = new ArrayList<>();
        List<Integer> numbers = new ArrayList<>();
        List<Ranked> shown = new ArrayList<>(e.variant(0).stream().toList());
        e.ranked().stream().filter(r -> !r.variant().original()).limit(Math.min(top, MAX - 1)).forEach(shown::add);
        for (Ranked r : shown) {
            alternatives.add(AlternativeLoader.program("variant " + r.number() + (r.number() == 0 ? " (as it is)" : ""),
                    e.program(), r.prediction().model()));
            numbers.add(r.number());
        }
        Comparison c = new Comparer(new CompareRequest(range, fix, 0, List.of(), Duration.ofSeconds(2)))
                .compare(alternatives);
        return new BestMap(c, numbers);
    }

    /** The map with its key, and the regions where each variant is best (the first of equal ones). */
    public String text() {
        StringBuilder out = new StringBuilder("best structure over ").append(comparison.rangeText()).append(":\n");
        out.append(AsciiMap.render(comparison.grid(), comparison.models()));
        for (Region r : comparison.regions()) {
            List<String> extent = new ArrayList<>();
            r.extent().forEach((v, i) -> extent.add(v + " " + lcm.expr.NumberText.plain(i.from()) + ".."
                    + lcm.expr.NumberText.plain(i.to())));
            out.append("  ").append(AsciiMap.letter(r.model())).append(" best where ").append(String.join(", ", extent))
                    .append('\n');
        }
        return out.toString();
    }
}
