package lcm.probe;

import lcm.expr.NormalMaximum;
import lcm.frontend.ProgramReader;
import lcm.source.SourceRegistry;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.io.InputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Known answer for li from its causes on a real loop: resources lcm/probe/spread.f90, a
 * {@code schedule(static)} loop of 40 iterations of designed random cost at width 2, 300
 * executions, measured through the OMPT tool on LLVM's libomp. Per execution the probe records li
 * and the spread of the two threads' busy times; the model 2 x s x emax(2), s the pooled standard
 * deviation (what the run's line carries), must meet the measured mean li within 15 %, and within
 * 2 standard errors of their difference (paired by execution) below, and that plus L above: L is
 * the li of the same loop with equal iterations, run after each execution (the runtime's skew in
 * starting and ending the two threads, measured as lcm machine calibrate measures a loop's cost).
 * The skew adds to li, never takes from it (for a symmetric spread D and a skew independent of
 * it, E|D + skew| >= E|D|), and at most its own li, L; where the spread dominates it adds far
 * less (second order), so it is a bound, not a term to add. Also the design: s, estimated from the median execution,
 * within 15 % of sqrt(20/12) ms.
 *
 * <p>Timing: the tolerances allow for the runtime's start and end of each loop (a worker that
 * begins its share late, the barrier's wake-up: li the spread does not show, tens of microseconds
 * on a quiet machine against 1.46 ms expected) and for a thread taken off its processor by other
 * work while it spins (it still ends on time, but a descheduling across the end of its share
 * lengthens it); the program spins by the clock, so a loaded machine stretches the threads' times
 * only there.
 */
@Tag("timing")
class SpreadKnownAnswerTest {

    @TempDir
    Path dir;

    @BeforeEach
    void toolchain() {
        OpenMpToolchain.require();
    }

    @Test
    void staticLoopAtWidthTwo() throws Exception {
        Path source = dir.resolve("spread.f90");
        try (InputStream in = getClass().getResourceAsStream("spread.f90")) {
            Files.write(source, in.readAllBytes());
        }
        Path binary = OpenMpToolchain.gfortran(dir.resolve("spread"), source);
        FragmentSites sites = FragmentSites.of(new ProgramReader(new SourceRegistry()).parse(List.of(source)).orThrow());
        List<FragmentCost> execs = new ArrayList<>();
        List<FragmentCost> evens = new ArrayList<>();
        String load = Files.readString(Path.of("/proc/loadavg")).strip();
        ProbeRun.Result result = ProbeRun.run(new ProbeRun.Request(List.of(binary.toString()), 2, sites),
                new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8),
                c -> {
                    if (c.tag().equals("imbalanced")) {
                        execs.add(c);
                    } else if (c.tag().equals("even")) {
                        evens.add(c);
                    }
                });
        assertEquals(300, execs.size(), result.fragments().toString());
        assertEquals(300, evens.size(), result.fragments().toString());
        int n = execs.size();
        double loop = evens.stream().mapToDouble(FragmentCost::li).sum() / n;
        double li = 0;
        double var = 0;
        for (FragmentCost c : execs) {
            assertEquals(2, c.spread().threads(), "threads that worked for execution " + c.exec());
            li += c.li() / n;
            var += c.spread().sd() * c.spread().sd() / n;
        }
        double s = Math.sqrt(var);
        double factor = 2 * NormalMaximum.expected(2);
        double model = factor * s;
        // the difference's standard error, paired by execution (the delta method for sqrt of the mean variance)
        double ss = 0;
        for (int e = 0; e < n; e++) {
            FragmentCost c = execs.get(e);
            double v = c.spread().sd() * c.spread().sd();
            double d = c.li() - factor * (v + var) / (2 * s) - (li - model);
            ss += d * d;
        }
        double se = Math.sqrt(ss / (n - 1) / n);
        // the design's spread, robustly: with two threads an execution's sd is |t1 - t2|/sqrt(2) = s|Z|, whose
        // median is 0.6745 s; executions stretched by other work (fewer than half) move it little
        double[] sds = execs.stream().mapToDouble(c -> c.spread().sd()).sorted().toArray();
        double robust = (sds[n / 2 - 1] + sds[n / 2]) / 2 / 0.6744897501960817;
        String figures = String.format("load %s; %d executions: mean li %.4f ms, model 2 x s x emax(2) = %.4f ms "
                + "(s = %.4f ms; from the median execution %.4f ms, design %.4f ms; L = %.4f ms), difference %+.1f %%, "
                + "%.2f standard errors (%.4f ms)",
                load, n, li * 1e3, model * 1e3, s * 1e3, robust * 1e3, Math.sqrt(20 / 12.0), loop * 1e3, 100 * (li / model - 1),
                (li - model) / se, se * 1e3);
        System.out.println(figures);
        assertTrue(Math.abs(li - model) <= 0.15 * model, figures);
        assertTrue(li >= model - 2 * se && li <= model + loop + 2 * se, figures);
        assertEquals(Math.sqrt(20 / 12.0) * 1e-3, robust, 0.15 * Math.sqrt(20 / 12.0) * 1e-3, "the design's spread: " + figures);
    }
}
