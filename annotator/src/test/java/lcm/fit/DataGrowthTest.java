package lcm.fit;

import lcm.annotation.Category;
import lcm.expr.Expr;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A variable with three values whose data refuse the typical form takes terms that grow no
 * faster than the data between its two largest values ({@link DataGrowth}): li of n and p
 * measured at p = 1, 2, 4 and growing as sqrt(p) there is not extrapolated as p^3.
 */
class DataGrowthTest {

    private static final ModelFitter FITTER = new ModelFitter(CandidateTable.defaults());

    /** li = 1e-4*n*sqrt(p) + 1e-3*n, n = 256..2048, p = 1, 2, 4, three runs 1 % apart. */
    private static Series li() {
        return series(p -> 1e-4 * Math.sqrt(p) + 1e-3);
    }

    /** li = 1e-4*n*g(p), n = 256..2048, p = 1, 2, 4, three runs 1 % apart. */
    private static Series series(java.util.function.DoubleUnaryOperator g) {
        List<double[]> x = new ArrayList<>();
        List<Double> y = new ArrayList<>();
        for (double n : new double[] {256, 512, 1024, 2048}) {
            for (double p : new double[] {1, 2, 4}) {
                for (double s : new double[] {0.99, 1, 1.01}) {
                    x.add(new double[] {n, p});
                    y.add(n * g.applyAsDouble(p) * s);
                }
            }
        }
        return Series.of(List.of("n", "p"), x.toArray(new double[0][]), y.stream().mapToDouble(Double::doubleValue).toArray());
    }

    @Test
    void theGrowthTheDataShowBetweenTheLargestValues() {
        // between p = 2 and 4: (0.1*2 + 1) / (0.1*sqrt(2) + 1) = 1.2 / 1.1414 = 1.0513 per doubling: g = log2(1.0513) = 0.0722
        assertEquals(Math.log((0.2 + 1) / (0.1 * Math.sqrt(2) + 1)) / Math.log(2), DataGrowth.exponent(li(), 1), 1e-9);
        List<String> notes = new ArrayList<>();
        List<Expr> kept = DataGrowth.noFaster(List.of(new Expr.Var("p"), Expr.call(lcm.expr.Fn.LOG2, new Expr.Var("p"))), "p", li(), 1, notes);
        // p doubles (growth 1), log2(p) goes 1 -> 2 (growth 1): both faster than 0.0722
        assertEquals(List.of(), kept);
        assertTrue(notes.get(0).contains("the data grow as p^0.0722"), notes.toString());
    }

    @Test
    void aFitFromThreeValuesOfPGrowsNoFasterThanTheDataBeyondThem() {
        // ip (idle processors; not li, whose forms of p are held to the width above 1 instead) at
        // p = 2, 4, 8 growing slower than its typical k1*p, so that the runs (1 % apart) refuse it:
        // 1e-4*n*log2(p) (1, 2, 3 at p = 2, 4, 8 against 2, 4, 8; a line in p through them is off
        // by 14 % at p = 2)
        List<double[]> x = new ArrayList<>();
        List<Double> y = new ArrayList<>();
        for (double n : new double[] {256, 512, 1024, 2048}) {
            for (double p : new double[] {2, 4, 8}) {
                for (double k : new double[] {0.99, 1, 1.01}) {
                    x.add(new double[] {n, p});
                    y.add(1e-4 * n * Math.log(p) / Math.log(2) * k);
                }
            }
        }
        Series s = Series.of(List.of("n", "p"), x.toArray(new double[0][]), y.stream().mapToDouble(Double::doubleValue).toArray());
        FitResult r = FITTER.fit(new FitRequest(List.of(), "ip", Category.IP, List.of("n", "p"), List.of(), false, true), s);
        Fit f = r.best().orElseThrow();
        double at8 = Prediction.value(f, 1024, 8);
        double at32 = Prediction.value(f, 1024, 32);
        // the data grow from p = 4 to 8 as p^g, g = ln(3/2)/ln(2) = 0.58496: 1024*1e-4*3 = 0.3072 at
        // p = 8; at their pace 0.3072*4^0.58496 = 0.6912 at p = 32
        assertEquals(0.58496, DataGrowth.exponent(s, 1), 1e-5);
        assertTrue(r.notes().stream().anyMatch(n -> n.contains("the data contradict")), r.notes().toString());
        assertEquals(0.3072, at8, 0.3072 * 0.03, f.model().text());
        assertTrue(at32 <= 0.6912 * 1.03, f.model().text() + ": " + at32 + " at p = 32");
    }
}
