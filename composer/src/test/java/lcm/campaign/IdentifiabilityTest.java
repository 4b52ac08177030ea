package lcm.campaign;

import lcm.campaign.Campaign.Axis;
import lcm.fit.CandidateTable;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** k distinct values of a variable pin down at most k - 1 terms: which built-in forms a design ranks. */
class IdentifiabilityTest {

    private static Identifiability.Statement of(String name, double... values) {
        List<Double> v = java.util.Arrays.stream(values).boxed().toList();
        return Identifiability.of(List.of(new Axis(name, v)), CandidateTable.defaults()).get(0);
    }

    @Test
    void twoValuesOfPRankOnlyOneCoefficientForms() {
        Identifiability.Statement s = of("p", 1, 2);
        assertEquals(1, s.maxTerms());
        // the built-in forms in p (candidate-forms.txt), each once: one coefficient (k1*p, k1, ...)
        // are ranked, two (a term and a constant) fit two values exactly, max(k1*p + k2, k3) has three
        // (li's forms are 0 at p <= 1: k1*(max(p, 1) - 1), ...)
        assertTrue(s.ranked().containsAll(List.of("k1*p", "k1", "k1/p", "k1*(max(p, 1) - 1)", "k1*(p - 1)", "k1*log2(p)")), s.ranked().toString());
        assertTrue(s.exact().containsAll(List.of("k1*p + k2", "k1 + k2/p", "k1*log2(p) + k2", "k1*sqrt(p) + k2")), s.exact().toString());
        assertEquals(List.of("max(k1*p + k2, k3)"), s.unfittable());
        assertEquals(12, s.ranked().size(), s.ranked().toString());
        assertEquals(6, s.exact().size(), s.exact().toString());
    }

    @Test
    void fourValuesOfPRankEveryFormButTheThreeCoefficientOne() {
        Identifiability.Statement s = of("p", 1, 2, 4, 8);
        assertEquals(3, s.maxTerms());
        assertTrue(s.exact().isEmpty());
        assertTrue(s.unfittable().isEmpty());
        assertTrue(s.ranked().contains("max(k1*p + k2, k3)"));
        assertEquals("", Identifiability.processorWarning(List.of(new Axis("p", List.of(1.0, 2.0, 4.0, 8.0)))));
    }

    @Test
    void theCubicInNNeedsFiveValues() {
        // pc n: k1*n^3 + k2*n^2 + k3*n + k4 has four coefficients
        assertTrue(of("n", 64, 128, 256, 512).exact().contains("k1*n^3 + k2*n^2 + k3*n + k4"));
        assertTrue(of("n", 64, 128, 256, 512, 1024).ranked().contains("k1*n^3 + k2*n^2 + k3*n + k4"));
    }

    @Test
    void theStatementAndTheWarning() {
        assertEquals("itors: 1 value (16): fixed, no term in itors (a model cannot depend on it)", of("itors", 16).text());
        String w = Identifiability.processorWarning(List.of(new Axis("n", List.of(64.0, 128.0)), new Axis("p", List.of(1.0, 2.0))));
        assertTrue(w.startsWith("p has 2 distinct values, fewer than 4: "), w);
        assertEquals("n and p together: 8 points, so a model in both has at most 7 terms besides the constant",
                Identifiability.together(List.of(new Axis("n", List.of(1.0, 2.0, 3.0, 4.0)), new Axis("p", List.of(1.0, 2.0))), 8));
        // two points (of a design that does not cross them) leave one term: singular, not "1 terms"
        assertEquals("n and p together: 2 points, so a model in both has at most 1 term besides the constant",
                Identifiability.together(List.of(new Axis("n", List.of(1.0, 2.0)), new Axis("p", List.of(1.0, 2.0))), 2));
    }
}
