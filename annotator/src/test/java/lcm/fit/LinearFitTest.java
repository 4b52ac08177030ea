package lcm.fit;

import lcm.annotation.AnnotationReader;
import lcm.annotation.Category;
import lcm.measure.Measurement;
import lcm.source.SourceLocation;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Fits whose numbers can be checked by hand. */
class LinearFitTest {

    private static List<Measurement> data(double[] x, double[] y) {
        List<Measurement> out = new ArrayList<>();
        for (int i = 0; i < x.length; i++) {
            out.add(new Measurement("", Map.of("p", x[i], "li", y[i]), SourceLocation.of(Path.of("d"), i + 1, 1)));
        }
        return out;
    }

    private static Fit fit(String form, double[] x, double[] y) {
        CandidateForm f = CandidateForm.of(AnnotationReader.expression(form), List.of("p"), CandidateForm.Origin.USER);
        return new ModelFitter(CandidateTable.empty()).fitOne(f, Series.of(data(x, y), "li", List.of("p")));
    }

    @Test
    void straightLineByHand() {
        // x = 1..4, y = 1 3 2 4: slope 0.8, intercept 0.5, RSS 1.8, R2 = 1 - 1.8/5 = 0.64,
        // se(slope) = sqrt(0.9/5), t(0.95, 2) = 2.919986, leverages 0.7 0.3 0.3 0.7,
        // deleted residuals -1, 9/7, -9/7, 1: CV = sqrt((2 + 2*81/49)/4)
        Fit f = fit("k1*p + k2", new double[] {1, 2, 3, 4}, new double[] {1, 3, 2, 4});
        assertTrue(f.ok());
        assertEquals(0.8, f.coefficients().get(0).value(), 1e-12);
        assertEquals(0.5, f.coefficients().get(1).value(), 1e-12);
        assertEquals(1.8, f.rss(), 1e-12);
        assertEquals(0.64, f.r2(), 1e-12);
        assertEquals(1 - 0.36 * 3 / 2, f.adjR2(), 1e-12);
        assertEquals(2.919986 * Math.sqrt(0.9 / 5), f.coefficients().get(0).ci90(), 1e-6);
        assertEquals(2.919986 * Math.sqrt(0.9 * (1.0 / 4 + 2.5 * 2.5 / 5)), f.coefficients().get(1).ci90(), 1e-6);
        assertEquals(Math.sqrt((2 + 2 * 81.0 / 49) / 4), f.cvError(), 1e-12);
        assertEquals("0.8*p+0.5", f.model().text());
        assertTrue(f.coefficients().get(1).intervalContainsZero());
    }

    @Test
    void repeatedMeasurementsAreAllFittedAndLeftOutTogether() {
        // two repetitions per point: same coefficients as the means; RSS includes the spread
        Fit f = fit("k1*p + k2", new double[] {1, 1, 2, 2, 3, 3}, new double[] {0.9, 1.1, 2.9, 3.1, 5.0, 5.0});
        assertEquals(2.0, f.coefficients().get(0).value(), 1e-12);
        assertEquals(-1.0, f.coefficients().get(1).value(), 1e-12);
        assertEquals(0.04, f.rss(), 1e-12);
        assertEquals(6, f.rows());
    }

    @Test
    void tooFewPointsAndSingularDesignsAreReportedNotThrown() {
        Fit few = fit("k1*p + k2 + k3*p^2", new double[] {1, 2}, new double[] {1, 2});
        assertEquals("too few points: 3 coefficients, 2 distinct points", few.problem().orElseThrow());
        Fit singular = fit("k1*p + k2*p", new double[] {1, 2, 3}, new double[] {1, 2, 3});
        assertEquals("singular design: the coefficients k1, k2 are not determined separately by these points",
                singular.problem().orElseThrow());
        Fit undefined = fit("k1*log(p) + k2", new double[] {0, 1, 2}, new double[] {1, 2, 3});
        assertEquals("the form is not defined at point 1 (the term of k1)", undefined.problem().orElseThrow());
    }

    @Test
    void levenbergMarquardtFitsTheResourceContentionForm() {
        double[] p = {1, 2, 4, 8, 12, 16, 24, 32};
        double[] y = new double[p.length];
        for (int i = 0; i < p.length; i++) {
            y[i] = Math.max(3 * p[i] - 20, 10);
        }
        Fit f = fit("max(k1*p + k2, k3)", p, y);
        assertTrue(f.ok(), f.problem().orElse(""));
        assertEquals(3, f.coefficients().get(0).value(), 1e-6);
        assertEquals(-20, f.coefficients().get(1).value(), 1e-5);
        assertEquals(10, f.coefficients().get(2).value(), 1e-6);
        assertEquals(1, f.r2(), 1e-9);
    }

    @Test
    void multiVariableUserFormulaInX0X1() {
        List<Measurement> ms = new ArrayList<>();
        int line = 1;
        for (double n : new double[] {64, 128, 256}) {
            for (double p : new double[] {1, 2, 4, 8}) {
                ms.add(new Measurement("", Map.of("n", n, "p", p, "li", 0.003 * n * p * Math.sqrt(p)),
                        SourceLocation.of(Path.of("d"), line++, 1)));
            }
        }
        CandidateForm f = Formulas.form(AnnotationReader.expression("x0*x1*sqrt(x1)"), List.of("n", "p"),
                SourceLocation.of(Path.of("<formula 1>"), 1, 1));
        assertEquals("k1*n*p*sqrt(p)", f.text());
        FitResult r = new ModelFitter(CandidateTable.defaults()).fit(
                new FitRequest(ms, "li", Category.LI, List.of("n", "p"), List.of(f), false, true));
        Fit best = r.best().orElseThrow();
        assertEquals(1, best.coefficientCount(), best.candidate().text());
        assertEquals(0.003, best.coefficients().get(0).value(), 1e-12);
    }
}
