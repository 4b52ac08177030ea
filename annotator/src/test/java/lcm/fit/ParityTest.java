package lcm.fit;

import org.junit.jupiter.api.Test;

import java.util.Arrays;
import java.util.List;
import java.util.Locale;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Extra-P parity at one measurement per point (docs/fitting.md): the parity set of
 * {@link SyntheticSeries#parity} (one- and two-term functions, logarithms, the thesis' Table 5.1
 * forms, five forms outside lcm's table), six points, one run each; the median relative error of
 * the selected model at 4x the largest x at 5 % multiplicative noise must not exceed Extra-P
 * 4.2.5's 8.7 % on such a set, and every noiseless series whose structure lcm's table or normal
 * form holds must be recovered exactly. The generator and these seeds were committed before any
 * figure was taken.
 */
class ParityTest {

    static final int SERIES = 20 * SyntheticSeries.parityGeneratorCount();
    static final long NOISY_SEED = 20261127;
    static final long NOISELESS_SEED = 1994;
    static final double EXTRA_P = 0.087;

    private static final ModelFitter FITTER = new ModelFitter(CandidateTable.defaults());

    /** Per series: the relative error at 4x the largest x, and whether 4x and 16x agree with the truth within 1e-6. */
    static double[][] measure(List<SyntheticSeries.Case> cases) {
        double[][] out = new double[cases.size()][];
        for (int i = 0; i < cases.size(); i++) {
            SyntheticSeries.Case c = cases.get(i);
            FitRequest r = new FitRequest(List.of(), c.category().key(), c.category(), List.of(c.variable()), List.of(), false, true);
            Fit f = FITTER.fit(r, c.series()).best().orElseThrow();
            double x4 = 4 * c.largestX();
            double x16 = 16 * c.largestX();
            double e4 = Math.abs(Prediction.value(f, x4) - c.truth().applyAsDouble(x4)) / Math.abs(c.truth().applyAsDouble(x4));
            double e16 = Math.abs(Prediction.value(f, x16) - c.truth().applyAsDouble(x16)) / Math.abs(c.truth().applyAsDouble(x16));
            out[i] = new double[] {e4, e4 < 1e-6 && e16 < 1e-6 ? 1 : 0};
        }
        return out;
    }

    static double median(double[][] m, List<SyntheticSeries.Case> cases, boolean outsideOnly) {
        double[] e = java.util.stream.IntStream.range(0, m.length)
                .filter(i -> !outsideOnly || cases.get(i).generator().startsWith(SyntheticSeries.OUTSIDE))
                .mapToDouble(i -> m[i][0]).sorted().toArray();
        return e[e.length / 2];
    }

    @Test
    void atFivePercentNoiseTheMedianErrorAt4xIsNoWorseThanExtraP() {
        List<SyntheticSeries.Case> cases = SyntheticSeries.parity(SERIES, 0.05, NOISY_SEED);
        double[][] m = measure(cases);
        double all = median(m, cases, false);
        double outside = median(m, cases, true);
        System.out.printf(Locale.ROOT, "ParityTest: %d series at 5 %% noise: median error at 4x %.2f %% (outside the table: %.2f %%); "
                + "Extra-P 4.2.5 on such a set: %.1f %%%n", cases.size(), all * 100, outside * 100, EXTRA_P * 100);
        assertTrue(all <= EXTRA_P, String.format(Locale.ROOT, "median error at 4x %.2f %% > %.1f %%", all * 100, EXTRA_P * 100));
    }

    @Test
    void everyNoiselessStructureOfTheTableIsRecovered() {
        List<SyntheticSeries.Case> cases = SyntheticSeries.parity(SERIES, 0, NOISELESS_SEED);
        double[][] m = measure(cases);
        int inTable = 0;
        int recovered = 0;
        StringBuilder missed = new StringBuilder();
        for (int i = 0; i < cases.size(); i++) {
            if (cases.get(i).generator().startsWith(SyntheticSeries.OUTSIDE)) {
                continue;
            }
            inTable++;
            if (m[i][1] == 1) {
                recovered++;
            } else if (missed.length() < 500) {
                missed.append(cases.get(i).generator()).append("; ");
            }
        }
        System.out.printf(Locale.ROOT, "ParityTest: noiseless: %d of %d structures of the table recovered exactly%n", recovered, inTable);
        assertEquals(inTable, recovered, missed.toString());
    }
}
