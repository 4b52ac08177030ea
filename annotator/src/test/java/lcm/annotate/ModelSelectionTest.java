package lcm.annotate;

import lcm.annotation.Category;
import lcm.fit.CandidateTable;
import lcm.expr.CompiledExpr;
import lcm.measure.MeasurementSet;
import lcm.measure.PpLineReader;
import lcm.source.Diagnostics;
import lcm.source.SourceText;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import java.util.stream.Collectors;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The models annotate chooses. On the fixture (2 % lognormal noise around tp.f's models) it
 * finds the thesis' Table 5.2 forms, each fragment's own, with coefficients  within 3 %; and
 * it combines projections by product or sum as the data say.
 */
class ModelSelectionTest {

    static MeasurementSet fixture;
    static final Map<String, FragmentModel> MODELS = new TreeMap<>();

    private static MeasurementSet read(String text) {
        Diagnostics d = new Diagnostics();
        MeasurementSet set = new PpLineReader().read(SourceText.of(Path.of("data.pp"), text), d);
        assertTrue(d.isEmpty(), d.sorted().toString());
        return set;
    }

    @BeforeAll
    static void fitTheFixture() {
        fixture = read(Fft2dFixtureData.text());
        FragmentModeler modeler = new FragmentModeler(CandidateTable.defaults());
        for (String tag : fixture.tags()) {
            MODELS.put(tag, modeler.model(fixture, tag, new ArrayList<>()));
        }
    }

    private static Map<String, String> shapes(String tag) {
        return MODELS.get(tag).categories().stream().collect(Collectors.toMap(c -> c.category().key(),
                CategoryModel::formText, (a, b) -> a, TreeMap::new));
    }

    @Test
    void theThesisFormsAreFoundForEveryFragment() {
        assertEquals(Map.of("pc", "k1", "ip", "k1*(p-1)"), shapes("initialize_program"));
        assertEquals(Map.of("pc", "k1", "ip", "k1*(p-1)"), shapes("print_performance"));
        for (String tag : List.of("initialize", "transpose")) {
            Map<String, String> s = shapes(tag);
            assertEquals("k1*n^2", s.get("pc"), tag);
            assertEquals("k1*n*(max(p, 1)-1)", s.get("li"), tag);
            assertEquals("k1*p", s.get("ip"), tag);
            assertEquals("k1*n^2*p", s.get("cl"), tag);
            assertTrue(s.get("rc").matches("k1\\*n\\^2\\*max\\(p-4(\\.\\d+)?, 0\\)"), tag + ": " + s.get("rc"));
        }
        Map<String, String> c = shapes("cffts");
        assertEquals("k1*n^2*log2(n)", c.get("pc"));
        // cffts' li is generated as n*log(n)*(p - 1) too, but its noise has the data grow between p = 16
        // and 26 as (p - 1)^0.9926 (the median over n = 64 .. 1024 of 0.955, 1.099, 0.993, 0.910, 1.070),
        // slower than linear: no model may grow faster than that (docs/fitting.md, "Zero on one processor")
        assertTrue(!c.get("li").equals("k1*n*log2(n)*(max(p, 1)-1)"), c.get("li"));
        CompiledExpr li = CompiledExpr.compile(MODELS.get("cffts").categories().stream()
                .filter(m -> m.category() == Category.LI).findFirst().orElseThrow().model(ModelLines.DIGITS), List.of("n", "p"));
        for (double n : Fft2dFixtureData.N) {
            assertEquals(0.0, li.eval(new double[] {n, 1}), 0.0);
            double beyond = Math.log(li.eval(new double[] {n, 52}) / li.eval(new double[] {n, 26})) / Math.log(51.0 / 25);
            assertTrue(beyond <= 0.9926 + 1e-3, "n = " + n + ": (p - 1)^" + beyond);
        }
    }

    @Test
    void zeroCategoriesGetNoModel() {
        assertEquals(List.of("li", "sl", "cl", "rc"), MODELS.get("initialize_program").zero());
        assertEquals(List.of("sl"), MODELS.get("cffts").zero());
    }

    @Test
    void everyModelIsWithinThreePercentOfTheGeneratingOneOverTheDesignAndBeyond() {
        for (FragmentModel f : MODELS.values()) {
            for (CategoryModel c : f.categories()) {
                if (f.tag().equals("cffts") && c.category() == Category.LI) {
                    // refused by the growth rule at this noise (theThesisFormsAreFoundForEveryFragment)
                    assertTrue(c.error() < 0.03, "cffts li: CV " + c.error());
                    continue;
                }
                CompiledExpr m = CompiledExpr.compile(c.model(ModelLines.DIGITS), List.of("n", "p"));
                for (double n : Fft2dFixtureData.N) {
                    for (double p = 1; p <= 26; p++) {
                        double exact = Fft2dFixtureData.exact(f.tag(), c.category(), n, p);
                        double got = m.eval(new double[] {n, p});
                        // near rc's kink the values are tiny: there, within 0.5 % of the largest at this n
                        double largest = Fft2dFixtureData.exact(f.tag(), c.category(), n, 26);
                        assertEquals(exact, got, 0.03 * exact + 0.005 * largest, f.tag() + " " + c.category() + " "
                                + c.model(5).text() + " at n=" + n + ", p=" + p);
                    }
                }
                assertTrue(c.error() < 0.03, f.tag() + " " + c.category() + ": CV " + c.error());
            }
        }
    }

    private static String synthetic(java.util.function.DoubleBinaryOperator f, double noise) {
        Random r = new Random(7);
        StringBuilder s = new StringBuilder();
        for (int n : new int[] {10, 20, 40, 80, 160}) {
            for (int p : new int[] {1, 2, 4, 8, 16}) {
                s.append("tag=x n=").append(n).append(" p=").append(p).append(" pc=")
                        .append(f.applyAsDouble(n, p) * Math.exp(noise * r.nextGaussian())).append(" d=32\n");
            }
        }
        return s.toString();
    }

    private static CategoryModel pc(String data, List<String> notes) {
        FragmentModel m = new FragmentModeler(CandidateTable.defaults()).model(read(data), "x", notes);
        return m.categories().stream().filter(c -> c.category() == Category.PC).findFirst().orElseThrow();
    }

    @Test
    void anAdditiveEffectIsASum() {
        CategoryModel c = pc(synthetic((n, p) -> 0.5 * n + 20 * p, 0.005), new ArrayList<>());
        assertEquals(CategoryModel.Combination.SUM, c.combination());
        assertEquals("k1*n+k2*p", c.formText());
        assertEquals("sum of n, p", c.describe());
    }

    @Test
    void anInteractionIsAProduct() {
        CategoryModel c = pc(synthetic((n, p) -> 0.01 * n * n / p, 0.01), new ArrayList<>());
        assertEquals(CategoryModel.Combination.PRODUCT, c.combination());
        assertEquals("k1*n^2/p", c.formText());
        assertEquals("product of n, p", c.describe());
    }

    @Test
    void noEffectIsAConstantAndAOneValuedKeyIsNoVariable() {
        List<String> notes = new ArrayList<>();
        CategoryModel c = pc(synthetic((n, p) -> 3, 0.01), notes);
        assertEquals(CategoryModel.Combination.CONSTANT, c.combination());
        assertEquals("k1", c.formText());
        assertEquals(3, c.fit().coefficients().get(0).value(), 0.03);
        assertEquals(List.of("x: d has one value (32); the models do not depend on it"), notes);
    }
}
