package lcm.explore;

import lcm.annotation.Category;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;

/**
 * A variant's place in the ranking.
 *
 * @param number     the variant's number (0: the program as it is), what {@code --write N} names
 * @param rank       1 for the fastest; variants equal within the models' accuracy share a rank
 * @param prediction its prediction
 * @param base       the program as it is
 */
public record Ranked(int number, int rank, Prediction prediction, Prediction base) {

    /**
     * The ranking of {@code predictions} (the first is the program as it is), fastest first; a
     * variant equal to the one before it ({@code equality}) shares its rank.
     */
    static List<Ranked> rank(List<Prediction> predictions, PairedEquality equality) {
        Prediction base = predictions.get(0);
        List<Integer> order = new ArrayList<>();
        for (int i = 0; i < predictions.size(); i++) {
            order.add(i);
        }
        order.sort(Comparator.comparingDouble((Integer i) -> predictions.get(i).ratio(base)).thenComparing(i -> i));
        List<Ranked> out = new ArrayList<>();
        int rank = 0;
        Prediction previous = null;
        for (int i : order) {
            Prediction p = predictions.get(i);
            if (previous == null || !equality.equal(p, previous)) {
                rank = out.size() + 1;
            }
            out.add(new Ranked(i, rank, p, base));
            previous = p;
        }
        return out;
    }

    public Variant variant() {
        return prediction.variant();
    }

    /** (T as it is - T) / T as it is at the point: positive where the variant is faster. */
    public double gain(int point) {
        return (base.time(point) - prediction.time(point)) / base.time(point);
    }

    /**
     * How much each category adds to or takes from T_P at the point, in seconds (a category's
     * change in processor-seconds over p), the largest changes first, those that change only.
     */
    public Map<Category, Double> why(int point, double processors) {
        Map<Category, Double> change = new EnumMap<>(Category.class);
        for (Category c : Category.values()) {
            double d = (prediction.categories(point).get(c) - base.categories(point).get(c)) / processors;
            if (Math.abs(d) > 1e-12 * Math.max(1, base.time(point))) {
                change.put(c, d);
            }
        }
        return change;
    }
}
