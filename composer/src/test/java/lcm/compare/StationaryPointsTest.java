package lcm.compare;

import lcm.TestRepo;
import lcm.algebra.Derivative;
import lcm.annotation.AnnotationReader;
import lcm.expr.Evaluator;
import lcm.expr.Expr;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** dT/dp = 0 solved by lcm's own algebra, and compare without Symja. */
class StationaryPointsTest {

    private static Optional<List<String>> roots(String t) {
        return StationaryPoints.solve(Derivative.of(AnnotationReader.expression(t), "p"), "p")
                .map(rs -> rs.stream().map(Expr::text).toList());
    }

    @Test
    void twoPowersOfP() {
        // T = 100/p + 2p: -100/p^2 + 2 = 0 at p^2 = 50, p = 5 sqrt(2) = 7.071 (the negative root is no p)
        assertEquals(Optional.of(List.of("5*sqrt(2)")), roots("100/p + 2*p"));
        // T = n^2/p + 4 n p: -n^2/p^2 + 4n = 0 at p^2 = n/4, p = sqrt(n)/2
        assertEquals(Optional.of(List.of("0.5*sqrt(n)")), roots("n^2/p + 4*n*p"));
        // T = W/p + c p sqrt(p) (W = 300, c = 2): -300/p^2 + 3 sqrt(p) = 0 at p^(5/2) = 100, p = 100^(2/5) = 6.3096
        Expr r = AnnotationReader.expression(roots("300/p + 2*p*sqrt(p)").orElseThrow().get(0));
        assertEquals(Math.pow(100, 0.4), Evaluator.eval(r, Map.of()), 1e-12);
    }

    @Test
    void aQuadraticInP() {
        // T = 100/p + p + 10 log(p): -100/p^2 + 1 + 10/p = 0, times p^2: p^2 + 10p - 100 = 0,
        // p = -5 +- sqrt(25 + 100) = -5 +- 5 sqrt(5): only -5 + 5 sqrt(5) = 6.1803 is positive
        List<String> rs = roots("100/p + p + 10*log(p)").orElseThrow();
        assertEquals(List.of("5*sqrt(5)-5"), rs);
    }

    @Test
    void noPositiveRootAndNoClosedForm() {
        // T = 100/p + 5: -100/p^2 is never 0; T = 100/p - 2p: p^2 = -50 has no real root
        assertEquals(Optional.of(List.of()), roots("100/p + 5"));
        assertEquals(Optional.of(List.of()), roots("100/p - 2*p"));
        // T = 100/p + p log(p): -100/p^2 + log(p) + 1 = 0 needs Lambert's W: lcm leaves it to the numeric search
        assertEquals(Optional.empty(), roots("100/p + p*log(p)"));
    }

    @Test
    void compareLoadsNoSymjaClass() throws IOException, InterruptedException {
        // the whole command in a fresh JVM, every loaded class logged: none of Symja's (org.matheclipse)
        Path java = Path.of(System.getProperty("java.home"), "bin", "java");
        Process run = new ProcessBuilder(java.toString(), "-Xshare:off", "-verbose:class", "-cp",
                System.getProperty("java.class.path"), "lcm.cli.Main", "compare",
                TestRepo.file("fixtures/compare/a.lcm").toString(), TestRepo.file("fixtures/compare/b.lcm").toString())
                .redirectErrorStream(true).start();
        String out = new String(run.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertEquals(0, run.waitFor(), out);
        assertTrue(out.contains("difference A - B = 40/p-p"), out);
        assertTrue(out.contains("lcm.algebra.Derivative"), "the log lists lcm's classes");
        assertFalse(out.contains("org.matheclipse"), "Symja was loaded");
    }
}
