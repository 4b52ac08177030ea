package lcm.fit;

import lcm.annotation.Category;
import lcm.expr.CompiledExpr;
import lcm.expr.NormalMaximum;
import lcm.measure.Measurement;
import lcm.source.SourceLocation;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The parts of li's model from its causes on data made by hand: the profile term, the cap, and data without the fields. */
class LiFromCausesTest {

    private static final int[] WIDTHS = {1, 2, 4, 8, 16};

    /** Two runs a point, 1 % apart: tmean 0.01, tsd 0.001 (0 at width 1), li as given. */
    private static List<Measurement> data(java.util.function.IntToDoubleFunction li, boolean fields) {
        List<Measurement> ms = new ArrayList<>();
        SourceLocation at = new SourceLocation(Path.of("hand.pp"), 1, 1);
        int run = 0;
        for (int p : WIDTHS) {
            for (double f : new double[] {0.995, 1.005}) {
                Map<String, Double> v = new HashMap<>(Map.of("p", (double) p, "li", li.applyAsDouble(p) * f, "execs", 10.0));
                if (fields) {
                    v.put("tmean", 0.01 * f);
                    v.put("tsd", p == 1 ? 0 : 0.001 * f);
                }
                ms.add(new Measurement("loop", v, at, run++));
            }
        }
        return ms;
    }

    @Test
    void aDeterministicImbalanceGetsAProfileTerm() {
        // li = the random part + (p - 1) x 0.002 (an iteration profile the split leaves to one side)
        FitResult r = new ModelFitter(CandidateTable.defaults()).fit(FitRequest.of(data(p -> p * 0.001 * NormalMaximum.expected(p)
                + (p - 1) * 0.002, true), Category.LI, "p"));
        Fit best = r.best().orElseThrow();
        assertEquals(CandidateForm.Origin.CAUSES, best.candidate().origin());
        assertTrue(r.notes().stream().anyMatch(n -> n.contains("a profile term (p-1)*(")), r.notes().toString());
        // at p = 32: 32 x 0.001 x 2.069668 + 31 x 0.002 = 0.128229
        assertEquals(0.128229, CompiledExpr.compile(best.model(), List.of("p")).eval(32), 0.03 * 0.128229, best.model().text());
        assertEquals(0, CompiledExpr.compile(best.model(), List.of("p")).eval(1), 1e-12);
    }

    @Test
    void theRandomPartAloneNeedsNoProfileTerm() {
        FitResult r = new ModelFitter(CandidateTable.defaults()).fit(FitRequest.of(data(p -> p * 0.001 * NormalMaximum.expected(p),
                true), Category.LI, "p"));
        assertTrue(r.notes().stream().anyMatch(n -> n.contains("no profile term")), r.notes().toString());
        Fit best = r.best().orElseThrow();
        // p*0.001*emax(p) at 32: 0.066229; the cap (p-1)*(0.01 + 0.001*emax(p)) = 0.37416 does not bind
        assertEquals(0.066229, CompiledExpr.compile(best.model(), List.of("p")).eval(32), 0.01 * 0.066229, best.model().text());
        assertTrue(best.r2() > 0.999, "R2 " + best.r2());
    }

    @Test
    void theCapHoldsLiToPMinusOneTimesTheFragmentsTime() {
        LiFromCauses.Parts parts = new LiFromCauses.Parts(lcm.expr.Expr.var("p"), constant(0.05), constant(0.01), null, null);
        CompiledExpr f = CompiledExpr.compile(parts.model(), List.of("p"));
        // at p = 2: random part 2 x 0.05 x 0.5642 = 0.05642; the cap (2 - 1) x (0.01 + 0.05 x 0.5642) = 0.03821
        assertEquals(0.01 + 0.05 * NormalMaximum.expected(2), f.eval(2), 1e-9);
    }

    @Test
    void withoutTheFieldsTheFormsAloneAsBefore() {
        List<Measurement> old = data(p -> 0.001 * p * Math.sqrt(p), false);
        ModelFitter fitter = new ModelFitter(CandidateTable.defaults());
        FitRequest request = FitRequest.of(old, Category.LI, "p");
        FitResult r = fitter.fit(request);
        assertNotEquals(CandidateForm.Origin.CAUSES, r.best().orElseThrow().candidate().origin());
        assertEquals(fitter.fitByForms(request, r.series()).best().orElseThrow().model().text(), r.best().orElseThrow().model().text());
    }

    private static Fit constant(double v) {
        return new Fit(CandidateForm.of(new lcm.expr.Expr.Num(lcm.expr.Coefficients.decimal(v)), List.of("p"),
                CandidateForm.Origin.DEFAULT), List.of(), 1, 1, 0, 0, 0, 1, null, java.util.Optional.empty(), false);
    }
}
