package lcm.fit;

import lcm.annotation.Category;
import lcm.measure.MeasurementFormats;
import lcm.measure.MeasurementSet;
import lcm.source.SourceRegistry;
import lcm.testing.TestData;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Extra-P's test data (shared/anchors/extrap-data): where the generator is known, lcm fit recovers it. */
class ExtraPRecoveryTest {

    private static final ModelFitter FITTER = new ModelFitter(CandidateTable.defaults());

    private static Fit best(String file, String region, String metric, String... variables) {
        MeasurementSet set = MeasurementFormats.read(TestData.extrap(file), Optional.empty(), new SourceRegistry()).withTag(region);
        FitResult r = FITTER.fit(new FitRequest(set.measurements(), metric, Category.PC, List.of(variables), List.of(), false, true));
        return r.best().orElseThrow();
    }

    private static void assertCoefficients(Fit f, double[] expected, double[] tolerance) {
        assertEquals(expected.length, f.coefficients().size(), f.candidate().text());
        for (int i = 0; i < expected.length; i++) {
            assertEquals(expected[i], f.coefficients().get(i).value(), tolerance[i], f.model().text());
        }
    }

    @Test
    void oneParameter1IsAConstantPlusPointTwoXSquared() {
        Fit f = best("one_parameter_1.txt", "compute", "time", "x");
        assertEquals(List.of("1", "x^2"), basis(f).stream().sorted().toList());
        // Extra-P asserts -0.88979340 + 0.20168243*x^2 on the same data
        assertEquals(0.20168243, coefficientOf(f, "x^2"), 1e-6);
        assertEquals(-0.88979340, constantOf(f), 1e-4);
    }

    @Test
    void twoParameter5IsTwoPlusSLogP() {
        Fit f = best("two_parameter_5.txt", "main", "time", "p", "s");
        assertEquals("k1+k2*log2(p)*s", f.candidate().text());
        assertCoefficients(f, new double[] {2, 0.884}, new double[] {1e-9, 1e-12});
    }

    @Test
    void twoParameter6IsOnePlusSToTheThreeHalvesTimesP() {
        Fit f = best("two_parameter_6.txt", "main", "time", "p", "s");
        assertEquals("k1+k2*p*s^(3/2)", f.candidate().text());
        assertCoefficients(f, new double[] {1, 0.05}, new double[] {1e-6, 1e-9});
    }

    @Test
    void twoParameter1IsRecoveredWhereExtraPIsNot() {
        Fit f = best("two_parameter_1.txt", "reg", "metr", "x", "y");
        assertEquals("k1+k2*x^2*log2(y)", f.candidate().text());
        assertEquals(0.2, f.coefficients().get(1).value(), 0.002);
        Coefficient c = f.coefficients().get(0);
        assertTrue(Math.abs(c.value() - 1) <= c.ci90(), "constant " + c);
    }

    @Test
    void threeParameter1IsRecoveredWhereExtraPIsNot() {
        Fit f = best("three_parameter_1.txt", "reg", "metr", "x", "y", "z");
        assertEquals("k1+k2*x^2*log2(y)+k3*x*y^2*z", f.candidate().text());
        assertEquals(0.2, f.coefficients().get(1).value(), 0.01);
        assertEquals(0.1, f.coefficients().get(2).value(), 0.001);
        Coefficient c = f.coefficients().get(0);
        assertTrue(Math.abs(c.value() - 1) <= c.ci90(), "constant " + c);
    }

    @Test
    void oneParameter6Met2IsPSquared() {
        // Extra-P: 0.000497 + 9.99998e-7*p^2
        Fit f = best("one_parameter_6.txt", "met2", "time", "p");
        assertEquals("k1+k2*p^2", f.candidate().text());
        assertEquals(1e-6, f.coefficients().get(1).value(), 1e-9);
    }

    @Test
    void everyFileReads() {
        String[] files = {"one_parameter_1.txt", "one_parameter_6.txt", "one_parameter_segmented_1.txt",
                "one_parameter_segmented_2.txt", "one_parameter_segmented_5.txt", "two_parameter_1.txt",
                "two_parameter_4.txt", "two_parameter_5.txt", "two_parameter_6.txt", "three_parameter_1.txt"};
        int[] measurements = {30, 89, 50, 50, 79, 125, 89, 25, 25, 625};
        for (int i = 0; i < files.length; i++) {
            MeasurementSet set = MeasurementFormats.read(TestData.extrap(files[i]), Optional.empty(), new SourceRegistry());
            assertEquals("extrap", set.format());
            assertEquals(measurements[i], set.size(), files[i]);
        }
    }

    private static List<String> basis(Fit f) {
        FormStructure.Linear lin = (FormStructure.Linear) FormStructure.of(f.candidate());
        return lin.basis().stream().map(lcm.expr.Expr::text).toList();
    }

    private static double coefficientOf(Fit f, String term) {
        return f.coefficients().get(basis(f).indexOf(term)).value();
    }

    private static double constantOf(Fit f) {
        return f.coefficients().get(basis(f).indexOf("1")).value();
    }
}
