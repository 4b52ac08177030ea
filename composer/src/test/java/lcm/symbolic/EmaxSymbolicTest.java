package lcm.symbolic;

import lcm.annotation.AnnotationReader;
import lcm.expr.Evaluator;
import lcm.expr.Expr;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** emax reaches Symja as a function it does not know: it stays emax(...) through simplification, with its value. */
class EmaxSymbolicTest {

    @Test
    void emaxStaysOpaqueAndKeepsItsValue() {
        Simplifier s = new Simplifier(List.of("n", "p"), Duration.ofSeconds(5));
        Expr e = AnnotationReader.expression("p*n*emax(p) + 2*p*n*emax(p) - n");
        Expr out = s.simplify(e);
        assertTrue(out.text().contains("emax(p)"), out.text());
        Map<String, Double> at = Map.of("n", 3.0, "p", 8.0);
        assertEquals(Evaluator.eval(e, at), Evaluator.eval(out, at), 1e-9);
        // 3*8*3*1.4236 - 3
        assertEquals(99.4992, Evaluator.eval(out, at), 1e-3);
    }
}
