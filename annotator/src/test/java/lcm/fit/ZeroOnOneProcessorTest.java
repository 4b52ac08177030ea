package lcm.fit;

import lcm.annotation.Category;
import lcm.expr.Evaluator;
import lcm.expr.Expr;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.DoubleBinaryOperator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Load imbalance is 0 on one processor and grows no faster than the data show
 * ({@link ZeroOnOneProcessor}, docs/fitting.md "Zero on one processor"): known answers.
 */
class ZeroOnOneProcessorTest {

    private static final ModelFitter FITTER = new ModelFitter(CandidateTable.defaults());

    /** li(n, p) at the widths given, three runs 1 % apart (0.99, 1, 1.01). */
    private static Series series(List<String> vars, double[] ns, double[] ps, DoubleBinaryOperator li) {
        List<double[]> x = new ArrayList<>();
        List<Double> y = new ArrayList<>();
        for (double n : ns) {
            for (double p : ps) {
                for (double s : new double[] {0.99, 1, 1.01}) {
                    x.add(vars.size() == 1 ? new double[] {p} : new double[] {n, p});
                    y.add(li.applyAsDouble(n, p) * s);
                }
            }
        }
        return Series.of(vars, x.toArray(new double[0][]), y.stream().mapToDouble(Double::doubleValue).toArray());
    }

    private static FitResult fit(List<String> vars, Series s) {
        return FITTER.fit(new FitRequest(List.of(), "li", Category.LI, vars, List.of(), false, true), s);
    }

    private static double at(Fit f, double... x) {
        return Prediction.value(f, x);
    }

    @Test
    void everyTableFormOfLiAgainstTheWidthIsZeroAtOneAndBelow() {
        List<CandidateForm> forms = CandidateTable.defaults().forms(Category.LI, "p");
        assertEquals(7, forms.size());
        for (CandidateForm f : forms) {
            for (double w : new double[] {0.25, 0.5, 1}) {
                assertEquals(0.0, Evaluator.eval(f.form(), Map.of("p", w, "k1", 3.0)), 0.0, f.text() + " at p = " + w);
            }
            assertTrue(Evaluator.eval(f.form(), Map.of("p", 2.0, "k1", 3.0)) > 0, f.text());
        }
        // the first (typical) form is the linear one: 3*(2 - 1) = 3 at p = 2, 3*15 = 45 at p = 16
        assertEquals("k1*(max(p, 1)-1)", forms.get(0).text());
        assertEquals(45.0, Evaluator.eval(forms.get(0).form(), Map.of("p", 16.0, "k1", 3.0)), 1e-12);
    }

    @Test
    void aSeriesGrowingAsTheWidthAboveOneToThePower1point2IsNotExtrapolatedFaster() {
        // li = 0.01*(p - 1)^1.2 at p = 0.5, 1, 2, 4, 8, 16 (0 at 0.5 and 1 plus the probe's error 1e-4)
        Series s = series(List.of("p"), new double[] {0}, new double[] {0.5, 1, 2, 4, 8, 16},
                (n, p) -> p <= 1 ? 1e-4 : 0.01 * Math.pow(p - 1, 1.2));
        FitResult r = fit(List.of("p"), s);
        Fit f = r.best().orElseThrow();
        // data growth between p = 8 and 16: ln(15^1.2 / 7^1.2) / ln(15 / 7) = 1.2 exactly (runs scaled alike)
        double[] g = DataGrowth.exponentAndError(r.series(), 0, 1);
        assertEquals(1.2, g[0], 1e-9);
        // faster forms ((p - 1)*log2(p): 1.38 there; (p - 1)*sqrt(p): 1.45; (p - 1)^2: 2) are not selected;
        // the form that grows as the data's last step, k1*(max(p, 1) - 1)^1.2, is, with k1 = 0.01
        assertTrue(f.candidate().text().endsWith("^1.2"), f.candidate().text());
        assertTrue(r.notes().stream().anyMatch(t -> t.contains("the data grow as (p - 1)^1.2") && t.contains("3 forms")),
                r.notes().toString());
        // beyond the data it keeps their pace: from p = 16 to 64 by (63/15)^1.2 = 5.5963, 0.01*63^1.2 = 1.4428 at 64
        assertEquals(5.5963, at(f, 64) / at(f, 16), 1e-4);
        assertEquals(1.4428, at(f, 64), 1.4428 * 1e-3);
        // and it is 0 on one processor and below, whatever was measured there
        assertEquals(0.0, at(f, 1), 0.0);
        assertEquals(0.0, at(f, 0.5), 0.0);
        // the 6 runs at p <= 1 are left out: 12 runs at p = 2 .. 16
        assertEquals(12, r.series().rows());
    }

    @Test
    void aModelOfNAndTheWidthVanishesOnOneProcessorAndFollowsTheData() {
        // li = 2e-6*n*(p - 1) at p = 1, 2, 4, 8, 16 and n = 256 .. 2048; at p = 1 the probe measured 1e-5
        Series s = series(List.of("n", "p"), new double[] {256, 512, 1024, 2048}, new double[] {1, 2, 4, 8, 16},
                (n, p) -> p <= 1 ? 1e-5 : 2e-6 * n * (p - 1));
        Fit f = fit(List.of("n", "p"), s).best().orElseThrow();
        // at n = 2048, p = 16: 2e-6*2048*15 = 0.06144; at p = 32 (beyond the data) 0.12698
        assertEquals(0.06144, at(f, 2048, 16), 0.06144 * 0.01, f.model().text());
        assertEquals(0.12698, at(f, 2048, 32), 0.12698 * 0.01, f.model().text());
        assertEquals(0.0, at(f, 2048, 1), 0.0, f.model().text());
        assertEquals(0.0, at(f, 2048, 0.5), 0.0, f.model().text());
    }

    @Test
    void aTermWithoutTheWidthIsMultipliedByTheStepSoThatTheModelStillVanishes() {
        // li that does not grow with p above 1: 1e-5*n at p = 2, 4, 8, 16 (0 at p = 1)
        Series s = series(List.of("n", "p"), new double[] {256, 512, 1024, 2048}, new double[] {1, 2, 4, 8, 16},
                (n, p) -> p <= 1 ? 0 : 1e-5 * n);
        Fit f = fit(List.of("n", "p"), s).best().orElseThrow();
        assertEquals(0.02048, at(f, 2048, 16), 0.02048 * 0.01, f.model().text());
        assertEquals(0.02048, at(f, 2048, 64), 0.02048 * 0.01, f.model().text());
        assertEquals(0.0, at(f, 2048, 1), 0.0, f.model().text());
        assertEquals(0.0, at(f, 2048, 0.5), 0.0, f.model().text());
    }

    @Test
    void withOneWidthAboveOneTheModelIsLinearInTheWidthAboveOne() {
        // task parallel widths 0.5, 1, 2 (p = 1, 2, 4 processors, two tasks): li = 1e-5*n at width 2 only
        Series s = series(List.of("n", "p"), new double[] {256, 512, 1024, 2048}, new double[] {0.5, 1, 2},
                (n, p) -> p <= 1 ? 2e-4 : 1e-5 * n);
        FitResult r = fit(List.of("n", "p"), s);
        Fit f = r.best().orElseThrow();
        // 1e-5*2048*(2 - 1) = 0.02048 at width 2; (16 - 1) times that at 16: 0.3072; 0 at widths 1 and 0.5
        assertEquals(0.02048, at(f, 2048, 2), 0.02048 * 0.01, f.model().text());
        assertEquals(0.3072, at(f, 2048, 16), 0.3072 * 0.01, f.model().text());
        assertEquals(0.0, at(f, 2048, 1), 0.0);
        assertEquals(0.0, at(f, 2048, 0.5), 0.0);
        assertTrue(r.notes().stream().anyMatch(t -> t.contains("one width above 1 (p = 2)")), r.notes().toString());
    }

    @Test
    void twoWidthsAboveOneGiveAtMostLinearGrowth() {
        // li = 0.01*(p - 1)^2 at p = 1, 2, 4: 0, 0.01, 0.09; one step (p = 2 to 4) shows (p - 1)^2, but
        // it cannot tell growth from noise or from another regime: no model grows faster than p - 1
        Series s = series(List.of("p"), new double[] {0}, new double[] {1, 2, 4}, (n, p) -> 0.01 * (p - 1) * (p - 1));
        FitResult r = fit(List.of("p"), s);
        Fit f = r.best().orElseThrow();
        assertEquals(2.0, DataGrowth.exponentAndError(r.series(), 0, 1)[0], 1e-9);
        assertTrue(r.notes().stream().anyMatch(t -> t.contains("two widths above 1: at most linear, (p - 1)^1)")),
                r.notes().toString());
        // from p = 4 to 16 at most 15/3 = 5 times (k1*(p - 1)^2 would give 25 times)
        assertTrue(at(f, 16) / at(f, 4) <= 5 + 1e-9, f.model().text());
        assertEquals(0.0, at(f, 1), 0.0);
    }

    @Test
    void aFormWhoseExponentRisesBeyondTheLastWidthIsNotSelected() {
        // li = 0.01*(p - 1)*sqrt(p) at p = 1 .. 16: between p = 8 and 16 the data grow as
        // (p - 1)^(1 + 0.5*ln(2)/ln(15/7)) = (p - 1)^1.454737; the form itself grows faster beyond
        // (16 to 32: 1 + 0.5*ln(2)/ln(31/15) = 1.477567), so it is not selected, and the model that is
        // grows by at most 1.454737 over every doubling beyond 16
        Series s = series(List.of("p"), new double[] {0}, new double[] {1, 2, 4, 8, 16}, (n, p) -> 0.01 * (p - 1) * Math.sqrt(p));
        FitResult r = fit(List.of("p"), s);
        Fit f = r.best().orElseThrow();
        assertEquals(1.454737, DataGrowth.exponentAndError(r.series(), 0, 1)[0], 1e-5);
        assertFalse(f.candidate().text().contains("sqrt(max(p, 1))"), f.candidate().text());
        for (double p = 16; p < 1024; p *= 2) {
            double g = Math.log(at(f, 2 * p) / at(f, p)) / Math.log((2 * p - 1) / (p - 1));
            assertTrue(g <= 1.454737 + 1e-6, f.model().text() + " from p = " + p + ": " + g);
        }
        assertEquals(0.0, at(f, 1), 0.0);
    }

    @Test
    void theDataGrowthHasAStandardErrorFromTheSpreadOfItsLines() {
        // two lines (n = 1, 2) growing from p = 4 to 8 as (p - 1)^0.5 and (p - 1)^1.5: median 1.0,
        // standard error 1.2533 * sd(0.5, 1.5) / sqrt(2) = 1.2533 * 0.70711 / 1.41421 = 0.62665
        Series s = series(List.of("n", "p"), new double[] {1, 2}, new double[] {2, 4, 8},
                (n, p) -> Math.pow(p - 1, n == 1 ? 0.5 : 1.5));
        double[] g = DataGrowth.exponentAndError(s, 1, 1);
        assertEquals(1.0, g[0], 1e-9);
        assertEquals(0.62665, g[1], 1e-9);
    }

    @Test
    void aLogarithmOfTheWidthAtLeastOneIsNoLogOfAVariableBelowOne() {
        Expr ok = Expr.call(lcm.expr.Fn.LOG2, Expr.call(lcm.expr.Fn.MAX, Expr.var("p"), Expr.num(1)));
        Expr bad = Expr.call(lcm.expr.Fn.LOG2, Expr.var("p"));
        assertFalse(LogTerms.logOf(ok, "p"));
        assertTrue(LogTerms.logOf(bad, "p"));
    }

    @Test
    void otherCategoriesAndVariablesAreNotUnderTheRule() {
        assertFalse(ZeroOnOneProcessor.applies(new FitRequest(List.of(), "sl", Category.SL, List.of("p"), List.of(), false, true)));
        assertFalse(ZeroOnOneProcessor.applies(new FitRequest(List.of(), "li", Category.LI, List.of("n"), List.of(), false, true)));
        assertTrue(ZeroOnOneProcessor.applies(new FitRequest(List.of(), "li", Category.LI, List.of("n", "p"), List.of(), false, true)));
    }

    @Test
    void aFormIsListedOnceWhateverTheOrderOfItsTermsAndWhetherTheyWereMadeToVanishAtOneProcessor() {
        // li = 2e-9*n^2 + 2e-6*n*sqrt(p - 1) at n = 256 .. 2048, p = 1 .. 16: the search offers n^2 and
        // n^2*min(max(p, 1) - 1, 1), and a + b as well as b + a; made to vanish at p <= 1 and fitted they are one form
        Series s = series(List.of("n", "p"), new double[] {256, 512, 1024, 2048}, new double[] {1, 2, 4, 8, 16},
                (n, p) -> p <= 1 ? 1e-5 : 2e-9 * n * n + 2e-6 * n * Math.sqrt(p - 1));
        FitResult r = fit(List.of("n", "p"), s);
        List<String> forms = new ArrayList<>();
        for (Fit f : r.fits()) {
            List<String> terms = new ArrayList<>(List.of(f.candidate().text().replaceAll("k[0-9]+\\*?", "").split("\\+")));
            terms.sort(null);
            forms.add(String.join(" + ", terms));
        }
        assertEquals(forms.size(), new java.util.HashSet<>(forms).size(), String.join("\n", forms));
        assertTrue(forms.size() >= 5, forms.toString());
        assertEquals(r.fits().get(r.selected()), r.best().orElseThrow());
    }
}
