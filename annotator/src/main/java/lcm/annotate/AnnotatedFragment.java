package lcm.annotate;

import lcm.source.SourceLocation;

import java.util.List;

/**
 * What annotate writes for one fragment site.
 *
 * @param tag      the data's tag
 * @param name     the fragment's name in the sources (the tag, or {@code cffts#2} for a further site)
 * @param at       the construct the models belong to
 * @param lines    the model lines, as written
 * @param starts   the indexes in {@code lines} where a model annotation starts (the others continue one)
 * @param replaced how many model lines they replace (0: inserted before the construct)
 * @param points   the number of measurements fitted
 * @param models   per category: the model, how it was formed, and its relative CV error
 * @param fittedOn the {@code fitted-on:} line written after the model lines ("" if none fits)
 */
public record AnnotatedFragment(String tag, String name, SourceLocation at, List<String> lines, List<Integer> starts,
                                int replaced, int points,
                                List<String> variables, List<Fitted> models, List<String> zero, String fittedOn) {

    public AnnotatedFragment {
        lines = List.copyOf(lines);
        starts = List.copyOf(starts);
        variables = List.copyOf(variables);
        models = List.copyOf(models);
        zero = List.copyOf(zero);
    }

    /** The lines of the {@code i}th model annotation (one, or more where it is continued). */
    public List<String> annotation(int i) {
        return lines.subList(starts.get(i), i + 1 < starts.size() ? starts.get(i + 1) : lines.size());
    }

    /**
     * One category's model.
     *
     * @param combination how it was formed: {@code constant}, {@code n}, {@code product of n, p}, {@code sum of n, p}
     * @param error       relative leave-one-point-out error (0.02 is 2 %)
     * @param prediction  the model's value and 90 % prediction interval at twice the largest measured
     *                    value of every variable ({@code At n = 2048, p = 52: ...}); empty for a constant
     */
    public record Fitted(String category, String model, String combination, double error, String prediction) {
    }
}
