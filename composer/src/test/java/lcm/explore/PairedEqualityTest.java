package lcm.explore;

import lcm.annotation.Category;
import lcm.compose.ComposedModel;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Equality within the models' accuracy on the paired difference over resamples (docs/explore.md, "Equal"): known answers. */
class PairedEqualityTest {

    /** A variant named {@code signature} predicting {@code times} at the points. */
    private static Prediction prediction(String signature, double... times) {
        List<ComposedModel.PointValues> values = new ArrayList<>();
        for (double t : times) {
            values.add(new ComposedModel.PointValues(t, new EnumMap<>(Category.class), List.of(), List.of()));
        }
        return new Prediction(new Variant(null, List.of(), signature), null, values, List.of());
    }

    @Test
    void theLogRatioIsTheMeanOverThePoints() {
        // log(1/1.1) and log(2/2.2) are both -0.0953102; log(1.2/1) = 0.1823216
        assertEquals(Math.log(1 / 1.1), PairedEquality.logRatio(new double[] {1, 2}, new double[] {1.1, 2.2}), 1e-15);
        assertEquals((Math.log(1 / 1.1) + Math.log(1.2)) / 2, PairedEquality.logRatio(new double[] {1, 1.2},
                new double[] {1.1, 1}), 1e-15);
    }

    @Test
    void twoVariantsAreEqualWhereTheirPairedDifferenceChangesSignAcrossResamples() {
        Prediction a = prediction("a", 1.0, 2.0);
        Prediction b = prediction("b", 1.1, 2.2);
        // resample 1: a 10 % faster (d = -0.0953); resample 2: a 20 % slower (d = +0.1823): the interval
        // of the two (from the 5th to the 95th percentile) holds 0
        PairedEquality mixed = new PairedEquality(List.of(
                Map.of("a", new double[] {1.0, 2.0}, "b", new double[] {1.1, 2.2}),
                Map.of("a", new double[] {1.2, 2.4}, "b", new double[] {1.0, 2.0})));
        assertTrue(mixed.equal(a, b));
        assertTrue(mixed.equal(b, a));
        assertEquals(2, mixed.resamples());
        // a faster in every resample (d = -0.0953 and -0.0488): not equal, however close the point predictions
        PairedEquality faster = new PairedEquality(List.of(
                Map.of("a", new double[] {1.0, 2.0}, "b", new double[] {1.1, 2.2}),
                Map.of("a", new double[] {1.0, 2.0}, "b", new double[] {1.05, 2.1})));
        assertFalse(faster.equal(a, b));
    }

    @Test
    void withFewerThanTwoPairsEqualityFallsBackToTheSameTimes() {
        Prediction a = prediction("a", 1.0, 2.0);
        Prediction b = prediction("b", 1.1, 2.2);
        // one resample holds both, the other lacks b (it did not compose there): one pair is no interval
        PairedEquality one = new PairedEquality(List.of(
                Map.of("a", new double[] {1.2, 2.4}, "b", new double[] {1.0, 2.0}),
                Map.of("a", new double[] {1.0, 2.0})));
        assertFalse(one.equal(a, b));
        assertTrue(one.equal(a, prediction("c", 1.0, 2.0)));
        assertTrue(PairedEquality.pointPredictions().equal(a, prediction("c", 1.0, 2.0 * (1 + 1e-12))));
        assertFalse(PairedEquality.pointPredictions().equal(a, b));
        assertEquals(0, PairedEquality.pointPredictions().resamples());
    }

    @Test
    void aVariantEqualToTheOneRankedBeforeItSharesItsRank() {
        Prediction base = prediction("base", 1.0, 1.0);
        Prediction near = prediction("near", 1.02, 1.02);
        Prediction far = prediction("far", 1.5, 1.5);
        // near is 2 % slower than base at both points, but a resample has it 3 % faster: equal; far is slower in every resample
        PairedEquality eq = new PairedEquality(List.of(
                Map.of("base", new double[] {1, 1}, "near", new double[] {1.02, 1.02}, "far", new double[] {1.5, 1.5}),
                Map.of("base", new double[] {1, 1}, "near", new double[] {0.97, 0.97}, "far", new double[] {1.4, 1.4})));
        List<Ranked> ranked = Ranked.rank(List.of(base, far, near), eq);
        assertEquals(List.of(0, 2, 1), ranked.stream().map(Ranked::number).toList());
        assertEquals(List.of(1, 1, 3), ranked.stream().map(Ranked::rank).toList());
        List<Ranked> plain = Ranked.rank(List.of(base, far, near), PairedEquality.pointPredictions());
        assertEquals(List.of(1, 2, 3), plain.stream().map(Ranked::rank).toList());
    }
}
