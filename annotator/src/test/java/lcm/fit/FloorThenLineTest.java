package lcm.fit;

import lcm.annotation.Category;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A floor, then a line ({@link FloorThenLine}): pc against a variable without a max form in the
 * table gets {@code max(k1*x + k2, k3)} where the points are exactly that shape, and never where
 * they carry noise.
 */
class FloorThenLineTest {

    private static final double[] X = {1, 2, 4, 8, 16, 32};

    /** max(3*x - 12.11, 4): 4 up to x = 5.37, then rising by 3 per unit of x. */
    private static double contention(double x) {
        return Math.max(3 * x - 12.11, 4);
    }

    private static FitResult fit(double[] y) {
        double[][] x = new double[X.length][];
        for (int i = 0; i < X.length; i++) {
            x[i] = new double[] {X[i]};
        }
        return new ModelFitter(CandidateTable.defaults()).fit(new FitRequest(List.of(), "pc", Category.PC, List.of("x"),
                List.of(), false, true), Series.of(List.of("x"), x, y));
    }

    @Test
    void noiselessFloorThenLineIsFittedExactly() {
        double[] y = new double[X.length];
        for (int i = 0; i < X.length; i++) {
            y[i] = contention(X[i]);
        }
        Fit f = fit(y).best().orElseThrow();
        assertEquals("max(k1*x+k2, k3)", f.candidate().text());
        // at 4 times the largest x: 3*128 - 12.11 = 371.89
        assertEquals(371.89, Prediction.value(f, 128), 1e-6);
        assertEquals(4, Prediction.value(f, 1.5), 1e-9);
    }

    @Test
    void withOnePercentNoiseTheFormIsNotOffered() {
        Random r = new Random(5);
        double[] y = new double[X.length];
        for (int i = 0; i < X.length; i++) {
            y[i] = contention(X[i]) * (1 + 0.01 * r.nextGaussian());
        }
        FitResult res = fit(y);
        assertTrue(res.fits().stream().noneMatch(f -> f.candidate().text().startsWith("max(")),
                res.fits().stream().map(f -> f.candidate().text()).toList().toString());
    }

    @Test
    void theShapeNeedsTwoPointsOnTheFloorAndALineAboveIt() {
        double[][] x = new double[X.length][];
        for (int i = 0; i < X.length; i++) {
            x[i] = new double[] {X[i]};
        }
        // floor 4 at x = 1, 2, 4; then 11.89, 35.89, 83.89 on the line 3*x - 12.11
        assertTrue(FloorThenLine.shaped(Series.of(List.of("x"), x, new double[] {4, 4, 4, 11.89, 35.89, 83.89})));
        // one point on the floor is no floor
        assertFalse(FloorThenLine.shaped(Series.of(List.of("x"), x, new double[] {4, 5, 7, 11.89, 35.89, 83.89})));
        // the points after the floor are not on one line (35.89 -> 36)
        assertFalse(FloorThenLine.shaped(Series.of(List.of("x"), x, new double[] {4, 4, 4, 11.89, 36, 83.89})));
        // a constant has no line above its floor
        assertFalse(FloorThenLine.shaped(Series.of(List.of("x"), x, new double[] {4, 4, 4, 4, 4, 4})));
    }
}
