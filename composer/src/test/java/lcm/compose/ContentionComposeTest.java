package lcm.compose;

import lcm.annotation.Category;
import lcm.expr.Evaluator;
import lcm.frontend.ProgramReader;
import lcm.source.SourceRegistry;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * rc between tasks that run at once (docs/composition.md#5d-resource-contention-between-tasks-rc): each fragment's
 * slowdown beside a co-runner of pressure Pc, scaled linearly to the pressure of the tasks beside
 * it, times its pc; the figures are the ones a user computes by hand.
 */
class ContentionComposeTest {

    @TempDir
    Path dir;

    private ComposedModel compose(String source) throws IOException {
        Path f = dir.resolve("t.f90");
        Files.writeString(f, source);
        return new Composer(ComposeOptions.defaults()).compose(
                new ProgramReader(new SourceRegistry()).read(List.of(f)).orThrow());
    }

    private static double at(ComposedModel m, Category c, double p) {
        return Evaluator.eval(m.categories().get(c), Map.of("p", p));
    }

    private static String routine(String name, String pc, String contention) {
        return "!lcm$ model: pc = " + pc + "\n" + (contention.isEmpty() ? "" : "!lcm$ contention: " + contention + "\n")
                + "subroutine " + name + "\n  integer :: x\n  x = 1\nend subroutine " + name + "\n";
    }

    private static final String TWO_SECTIONS = """
            program t
              !$omp parallel sections
              !$omp section
              call a
              !$omp section
              call b
              !$omp end parallel sections
            end program t
            """;

    @Test
    void twoTasksEachSlowedByTheOthersPressure() throws IOException {
        ComposedModel m = compose(TWO_SECTIONS
                + routine("a", "2", "slowdown = 1.3, at = 1.5, pressure = 1.2")
                + routine("b", "1", "slowdown = 1.1, at = 1.5, pressure = 1.4"));
        // p = 2, one processor per task. a beside b: Q = 1.4, s_a(Q) = 1 + 0.3 * 0.4/0.5 = 1.24,
        // rc_a = 0.24 * 2 = 0.48; b beside a: Q = 1.2, s_b(Q) = 1 + 0.1 * 0.2/0.5 = 1.04, rc_b = 0.04
        assertEquals(0.52, at(m, Category.RC, 2), 1e-12);
        assertEquals(3.0, at(m, Category.PC, 2), 1e-12);
        // a takes 2.48 s, b 1.04 s: T = 2.48, and b's processor waits 1.44 s
        assertEquals(2.48, Evaluator.eval(m.time(), Map.of("p", 2.0)), 1e-12);
        assertEquals(1.44, at(m, Category.LI, 2), 1e-12);
        assertTrue(m.evaluate(Map.of("p", 2.0)).warnings().isEmpty(), m.evaluate(Map.of("p", 2.0)).warnings().toString());
    }

    @Test
    void atOneProcessorTheSectionsRunOneAfterTheOtherWithoutContention() throws IOException {
        ComposedModel m = compose(TWO_SECTIONS
                + routine("a", "2", "slowdown = 1.3, at = 1.5, pressure = 1.2")
                + routine("b", "1", "slowdown = 1.1, at = 1.5, pressure = 1.4"));
        assertEquals(0.0, at(m, Category.RC, 1), 1e-12);
        assertEquals(3.0, at(m, Category.PC, 1), 1e-12);
    }

    @Test
    void aTasksPressureIsThePcWeightedMeanOfItsFragmentsOverTheirExecutions() throws IOException {
        ComposedModel m = compose("""
                program t
                  integer :: i
                  !$omp parallel sections
                  !$omp section
                  call a
                  !$omp section
                  do i = 1, 10
                    call b
                  end do
                  call c
                  !$omp end parallel sections
                end program t
                """
                + routine("a", "2", "slowdown = 1.3, at = 1.5, pressure = 1.2")
                + routine("b", "0.1", "slowdown = 1.1, at = 1.5, pressure = 1.4")
                + routine("c", "1", "slowdown = 1, at = 1.5, pressure = 1.1"));
        // task 2: b 10 times (pc 1 in all, q 1.4) and c (pc 1, q 1.1): q - 1 = (0.4 + 0.1)/2 = 0.25.
        // a: (0.3/0.5) * 0.25 * 2 = 0.3; task 2: Q - 1 = 0.2, b (0.1/0.5) * 0.2 * 1 = 0.04, c 0: 0.34
        assertEquals(0.34, at(m, Category.RC, 2), 1e-12);
    }

    @Test
    void aFragmentWithoutParametersGetsNoRcAndPressesNothing() throws IOException {
        ComposedModel m = compose(TWO_SECTIONS
                + routine("a", "2", "slowdown = 1.3, at = 1.5, pressure = 1.2")
                + routine("b", "1", ""));
        // b has no parameters: no pressure on a, no rc of its own
        assertEquals(0.0, at(m, Category.RC, 2), 1e-12);
        assertEquals(2.0, Evaluator.eval(m.time(), Map.of("p", 2.0)), 1e-12);
    }

    @Test
    void aSlowdownOrAPressureBelowOneCountsAsOne() throws IOException {
        ComposedModel m = compose(TWO_SECTIONS
                + routine("a", "2", "slowdown = 0.9, at = 1.5, pressure = 1.2")
                + routine("b", "1", "slowdown = 1.1, at = 1.5, pressure = 0.8"));
        // a: s 0.9 counts as 1, no rc; b beside a: Q = 1.2, rc_b = 0.04; b's pressure 0.8 counts as 1
        assertEquals(0.04, at(m, Category.RC, 2), 1e-12);
    }

    @Test
    void aPressureAboveTheCalibratedOneIsAnExtrapolation() throws IOException {
        ComposedModel m = compose(TWO_SECTIONS
                + routine("a", "2", "slowdown = 1.3, at = 1.5, pressure = 1.2")
                + routine("b", "1", "slowdown = 1.1, at = 1.5, pressure = 1.6"));
        // a beside b: Q = 1.6 > 1.5, still linear: s_a = 1 + 0.3 * 0.6/0.5 = 1.36, rc_a = 0.72; rc_b = 0.04
        assertEquals(0.76, at(m, Category.RC, 2), 1e-12);
        // the model as the user reads it: the decimals as written, times the share of the other task beside each
        assertEquals("0.76*min(max(p-1, 0), 1)", m.categories().get(Category.RC).text());
        List<String> w = m.evaluate(Map.of("p", 2.0)).warnings();
        assertEquals(1, w.size(), w.toString());
        assertTrue(w.get(0).endsWith("extrapolated: the pressure beside it, 1.6, is above the co-runner's 1.5 its "
                + "fragments' slowdowns were measured at, at p = 2"), w.get(0));
    }
}
