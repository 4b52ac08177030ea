package lcm.fit;

import lcm.annotation.Category;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Issues 31 and 34 on small hand-made series: the category's typical form under four values is
 * kept only within 3 times each point's spread of runs; a model that the constant beats is
 * refused; logarithms of a variable below 1 are not tried.
 */
class DataContradictionTest {

    private static final ModelFitter FITTER = new ModelFitter(CandidateTable.defaults());

    /** Three runs per point: value*(1 - d), value, value*(1 + d). */
    private static Series runs(String variable, double[] xs, java.util.function.DoubleUnaryOperator f, double d) {
        List<double[]> x = new ArrayList<>();
        List<Double> y = new ArrayList<>();
        for (double v : xs) {
            for (double s : new double[] {1 - d, 1, 1 + d}) {
                x.add(new double[] {v});
                y.add(f.applyAsDouble(v) * s);
            }
        }
        return Series.of(List.of(variable), x.toArray(new double[0][]), y.stream().mapToDouble(Double::doubleValue).toArray());
    }

    private static FitResult fit(Category c, Series s) {
        return FITTER.fit(new FitRequest(List.of(), c.key(), c, s.variables(), List.of(), false, true), s);
    }

    @Test
    void theTypicalFormStandsWhereTheRunsAgreeWithIt() {
        // li = 0.1*(p - 1) at p = 1, 2, 4, runs 1 % apart: 0, 0.1, 0.3; li is 0 on one processor, so
        // the fit has the two points at p = 2 and 4, and li's first table form k1*(max(p, 1) - 1)
        // goes through both with k1 = 0.1: 0.3 at p = 4, 1.5 at p = 16, 0 at p = 1
        FitResult r = fit(Category.LI, runs("p", new double[] {1, 2, 4}, p -> 0.1 * (p - 1), 0.01));
        Fit f = r.best().orElseThrow();
        assertEquals("k1*(max(p, 1)-1)", f.candidate().text());
        assertEquals(0.3, Prediction.value(f, 4), 1e-9);
        assertEquals(1.5, Prediction.value(f, 16), 1e-9);
        assertEquals(0.0, Prediction.value(f, 1), 0.0);
        assertTrue(r.notes().stream().anyMatch(n -> n.contains("too few to choose a form")), r.notes().toString());
    }

    @Test
    void theTypicalFormGivesWayWhereTheRunsContradictIt() {
        // sl (a lock's cost, not 0 on one processor) = 0.1*p*log2(p) + 0.1 at p = 1, 2, 4: 0.1, 0.3, 0.9,
        // runs 1 % apart. sl's first table form k1*log2(p) + k2, reduced to k1*log2(p) (three points
        // cannot tell k2 = 0.033 from 0), by least squares over log2(p) = 0, 1, 2:
        // k1 = (0.3*1 + 0.9*2) / (1 + 4) = 0.42; at p = 1 it gives 0 against 0.1, off by 100 %,
        // more than 3 times the runs' 1 %
        FitResult r = fit(Category.SL, runs("p", new double[] {1, 2, 4}, p -> 0.1 * p * Math.log(p) / Math.log(2) + 0.1, 0.01));
        Fit f = r.best().orElseThrow();
        assertTrue(r.notes().stream().anyMatch(n -> n.contains("first table form 0.42*log2(p) is contradicted by the data: at p = 1 it is off by 100 %, "
                + "more than 3 times the spread of the runs there (1 %)")), r.notes().toString());
        assertFalse(f.candidate().text().equals("k1*log2(p)+k2"), f.candidate().text());
        // what is chosen instead goes through the points within the runs' spread: 0.9 at p = 4
        assertTrue(RunSpread.contradiction(f, r.series()).isEmpty(), f.model().text());
        assertEquals(0.9, Prediction.value(f, 4), 0.9 * 0.03, f.model().text());
    }

    @Test
    void aModelThatTheConstantBeatsIsRefused() {
        // pc at n = 1..6, one run each, no trend: 10, 12, 9, 11, 10, 8 (mean 10): a growing form
        // cannot predict left-out points better than the constant does
        double[][] x = {{1}, {2}, {3}, {4}, {5}, {6}};
        double[] y = {10, 12, 9, 11, 10, 8};
        FitResult r = fit(Category.PC, Series.of(List.of("n"), x, y));
        Fit f = r.best().orElseThrow();
        assertTrue(f.candidate().form().variables().stream().noneMatch("n"::equals), f.model().text());
        assertEquals(10, Prediction.value(f, 100), 0.5);
    }

    @Test
    void noLogarithmOfAWidthBelowOne() {
        // a task's widths 0.5 .. 16: pc = 3 + 2*log2(w) would be tried at widths from 1 up; here not
        double[] w = {0.5, 1, 2, 4, 8, 16};
        double[][] x = new double[w.length][];
        double[] y = new double[w.length];
        for (int i = 0; i < w.length; i++) {
            x[i] = new double[] {w[i]};
            y[i] = 3 + 2 * Math.log(w[i]) / Math.log(2);
        }
        FitResult r = fit(Category.PC, Series.of(List.of("w"), x, y));
        for (Fit f : r.fits()) {
            if (f.candidate().origin() == CandidateForm.Origin.DEFAULT || f.candidate().origin() == CandidateForm.Origin.NORMAL_FORM) {
                assertFalse(LogTerms.logOf(f.candidate().form(), "w"), f.candidate().text());
            }
        }
        assertTrue(LogTerms.barred(r.series(), 0));
    }
}
