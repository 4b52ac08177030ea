package lcm.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import lcm.TestRepo;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@code lcm compose} from the command line: outputs and every kind of bad input. */
class ComposeCommandTest {

    private static String fixture(String f) {
        return TestRepo.file(f).toString();
    }

    @Test
    void textOutputShowsTheModelAndValues() {
        CliRun r = CliRun.of("compose", fixture("fixtures/fft2d/tp.f"), "--at", "n=1024,p=26,itors=16", "--explain");
        assertEquals(0, r.code(), r.err());
        assertTrue(r.out().startsWith("T_P(n, p, itors) = "), r.out());
        // tp.f's models were measured in dp.f: the matrix now crosses between the tasks
        assertTrue(r.out().contains("a(k): cffts -> transpose, true dependence, LUB main:12, added"), r.out());
        assertTrue(r.out().contains("at n = 1024, p = 26, itors = 16:"), r.out());
        assertTrue(r.out().contains("rules applied:"), r.out());
        assertTrue(r.out().contains("default rule: each of T = 2 tasks gets p/T processors"), r.out());
        assertTrue(r.out().contains("LI+ = sum of p_t (max T - T_t)"), r.out());
        // warnings go to stderr, once, and not into the text report
        assertEquals("lcm: warning: no machine file: data transfers are listed but add nothing (use --machine)\n", r.err());
        assertFalse(r.out().contains("warning"), r.out());
    }

    @Test
    void jsonFollowsTheContract() throws Exception {
        CliRun r = CliRun.of("compose", fixture("fixtures/fft2d/tp.f"), "--machine",
                fixture("fixtures/machines/ksr1.machine"), "--at", "n=512,p=16,itors=8", "--format", "json");
        assertEquals(0, r.code(), r.err());
        JsonNode j = new ObjectMapper().readTree(r.out());
        List<String> keys = new ArrayList<>();
        j.fieldNames().forEachRemaining(keys::add);
        assertEquals(List.of("variables", "time", "categories", "transfers", "values", "warnings"), keys);
        assertEquals("[\"n\",\"p\",\"itors\"]", j.get("variables").toString());
        List<String> cats = new ArrayList<>();
        j.get("categories").fieldNames().forEachRemaining(cats::add);
        assertEquals(List.of("pc", "li", "ip", "sl", "cl", "rc"), cats);
        JsonNode t = j.get("transfers").get(0);
        assertEquals("a(k)", t.get("item").asText());
        assertEquals("added", t.get("change").asText());
        assertEquals("true", t.get("kind").asText());
        double time = j.get("values").get("time").asDouble();
        double sum = 0;
        for (String c : cats) {
            sum += j.get("values").get(c).asDouble();
        }
        assertEquals(time, sum / 16, 1e-9 * time);
        // EXPR strings parse back with lcm's own grammar
        lcm.annotation.AnnotationReader.expression(j.get("time").asText());
    }

    @Test
    void latexOutput() {
        CliRun r = CliRun.of("compose", fixture("fixtures/compose/nested_loops.f"), "--format", "latex");
        assertEquals(0, r.code(), r.err());
        assertTrue(r.out().startsWith("\\begin{align*}\nT_P(n, p, m) &= \\max\\left(\\frac{16 \\, m}{p}, \\frac{6 \\, n}{p}\\right)"),
                r.out());
    }

    @Test
    void withoutAMachineTransfersAreListedAndAWarningSaysSo() {
        CliRun r = CliRun.of("compose", fixture("fixtures/fft2d/tp.f"));
        assertEquals(0, r.code());
        assertTrue(r.err().contains("lcm: warning: no machine file: data transfers are listed but add nothing (use --machine)"),
                r.err());
    }

    @Test
    void variablesTheSourcesDefineNeedNoValue() {
        // fft2d.h says parameter (n = 256, itors = 16): itors takes that value, n the given one
        CliRun r = CliRun.of("compose", fixture("fixtures/fft2d/tp.f"), "--at", "n=1024,p=26");
        assertEquals(0, r.code(), r.err());
        assertTrue(r.out().contains("at n = 1024, p = 26, itors = 16:\n  (itors as the sources define it)\n  T_P = 82.728 s"),
                r.out());
        // the Java and OpenMP twins carry the same models (fitted to the KSR1 synthetic data, not
        // derived from Table 5.3 as tp.f's are), itors = 16 from the Java source. The OpenMP tasks are a
        // static team of p/2 each (85.49176 s); the Java tasks run in the common pool and compose by its
        // schedule (25 workers, the second task waiting for each matrix the first finishes): 85.23025 s
        CliRun java = CliRun.of("compose", fixture("fixtures/fft2d/Fft2dTp.java"), "--at", "n=1024,p=26");
        assertEquals(0, java.code(), java.err());
        assertTrue(java.out().contains("at n = 1024, p = 26, itors = 16:\n  (itors as the sources define it)\n"
                + "  T_P = 85.23025 s"), java.out());
        CliRun omp = CliRun.of("compose", fixture("fixtures/fft2d/tp_omp.f90"), "--at", "n=1024,p=26,itors=16");
        assertEquals(0, omp.code(), omp.err());
        assertTrue(omp.out().contains("T_P = 85.49176 s"), omp.out());
    }

    @Test
    void aProgramWithNoModelAtAllIsAnError(@TempDir Path dir) throws Exception {
        // loops with trip counts nloop and m, but nothing modelled inside: no T_P = 0, an error at the program
        Path f = dir.resolve("empty.f");
        Files.writeString(f, "      program main\n      do i = 1, nloop\n      do j = 1, m\n"
                + "!$omp parallel do\n      do k = 1, n\n      x = x + 1\n      end do\n      end do\n      end do\n      end\n");
        CliRun r = CliRun.of("compose", f.toString(), "--at", "p=4");
        assertEquals(2, r.code(), r.out());
        assertTrue(r.err().contains("no fragment of this program has a model (1 fragment): add 'model:' annotations,"
                + " or write them with lcm annotate"),
                r.err());
    }

    @Test
    void unknownVariableInAt() {
        CliRun r = CliRun.of("compose", fixture("fixtures/compose/nested_loops.f"), "--at", "n=10,m=3,p=4,q=2");
        assertEquals(2, r.code());
        assertEquals("lcm: --at: unknown variable 'q' (the model's variables: n, p, m)\n", r.err());
    }

    @Test
    void missingVariableInAt() {
        CliRun r = CliRun.of("compose", fixture("fixtures/compose/nested_loops.f"), "--at", "n=10,p=4");
        assertEquals(2, r.code());
        assertEquals("lcm: --at: no value for 'm' (the model's variables: n, p, m)\n", r.err());
    }

    @Test
    void undefinedFunctionInAModel(@TempDir Path dir) throws Exception {
        Path f = dir.resolve("bad.f");
        Files.writeString(f, "      program main\nc*lcm* model: pc = n*frobnicate(p)\n      call x\n      end\n");
        CliRun r = CliRun.of("compose", f.toString());
        assertEquals(2, r.code());
        assertEquals(f + ":2:22: unknown function 'frobnicate' (allowed: log, log2, sqrt, exp, min, max, ceil, floor, abs, emax)\n"
                + "  c*lcm* model: pc = n*frobnicate(p)\n"
                + "                       ^\n", r.err());
    }

    @Test
    void missingMachineKey(@TempDir Path dir) throws Exception {
        Path m = dir.resolve("half.machine");
        Files.writeString(m, "latency = 1e-6\nrc = 0\n");
        CliRun r = CliRun.of("compose", fixture("fixtures/fft2d/dp.f"), "--machine", m.toString());
        assertEquals(2, r.code());
        assertEquals(m + ":1:1: lcm compose needs latency, bandwidth, rc in a machine description; missing: bandwidth"
                + " (bytes per second of a data transfer) (this file gives latency, rc)\n"
                + "  latency = 1e-6\n  ^\n", r.err());
    }

    @Test
    void badMachineLine(@TempDir Path dir) throws Exception {
        Path m = dir.resolve("bad.machine");
        Files.writeString(m, "latency = 1e-6\nbandwidth = 3.2e7 * n\nrc = 0\nspeed = 4\n");
        CliRun r = CliRun.of("compose", fixture("fixtures/fft2d/dp.f"), "--machine", m.toString());
        assertEquals(2, r.code());
        assertEquals(m + ":2:13: unknown variable 'n' in bandwidth: it must be a number\n  bandwidth = 3.2e7 * n\n"
                + "              ^\n"
                + m + ":4:1: unknown machine parameter 'speed' (expected one of latency, bandwidth, rc, send, receive,"
                + " compute, processors, cache-l1d, cache-l1i, cache-l2, cache-l3, memory-bandwidth, loop-java,"
                + " loop-openmp, co-runner-bandwidth, co-runner-pressure)\n  speed = 4\n  ^\n", r.err());
    }

    @Test
    void measuredInFileThatDoesNotExist(@TempDir Path dir) throws Exception {
        Path f = dir.resolve("new.f");
        Files.writeString(f, "c*lcm* measured-in: old.f\n      program main\n      call w\n      end\n"
                + "c*lcm* model: pc = 1\n      subroutine w\n      end\n");
        CliRun r = CliRun.of("compose", f.toString());
        assertEquals(2, r.code());
        assertEquals(f + ":1:8: measured-in file 'old.f' does not exist\n  c*lcm* measured-in: old.f\n         ^\n", r.err());
    }

    @Test
    void measuredInProgramWhoseFragmentsDoNotMatch(@TempDir Path dir) throws Exception {
        Path old = dir.resolve("old.f");
        Files.writeString(old, "      program main\n      call w\n      end\nc*lcm* model: pc = 1\n      subroutine w\n      end\n");
        Path f = dir.resolve("new.f");
        Files.writeString(f, "c*lcm* measured-in: old.f\n      program main\n      call w\n      call z\n      end\n"
                + "c*lcm* model: pc = 1\n      subroutine w\n      end\n"
                + "c*lcm* model: pc = 2\n      subroutine z\n      end\n");
        CliRun r = CliRun.of("compose", f.toString());
        assertEquals(2, r.code());
        assertEquals(f + ":10:7: fragment 'z' is not in the measured-in program " + old
                + " (its fragments: w)\n        subroutine z\n        ^\n", r.err());
    }

    @Test
    void loopWithoutATripCount(@TempDir Path dir) throws Exception {
        Path f = dir.resolve("w.f");
        Files.writeString(f, "      program main\n      do while (x .gt. 0)\n         call w\n      end do\n      end\n"
                + "c*lcm* model: pc = 1\n      subroutine w\n      end\n");
        CliRun r = CliRun.of("compose", f.toString());
        assertEquals(2, r.code());
        assertTrue(r.err().startsWith(f + ":2:7: loop main has no trip count lcm can read; add 'iterations: EXPR' before it\n"),
                r.err());
    }

    @Test
    void aWaitThatNoPostSatisfiesIsADeadlock(@TempDir Path dir) throws Exception {
        Path f = dir.resolve("dead.f");
        Files.writeString(f, String.join("\n",
                "      program main",
                "c*ksr* parallel sections",
                "c*ksr* section",
                "      call a",
                "c*lcm* sync: post done",
                "c*ksr* section",
                "c*lcm* sync: wait never",
                "      call b",
                "c*ksr* end parallel sections",
                "      end",
                "c*lcm* model: pc = 1",
                "      subroutine a",
                "      end",
                "c*lcm* model: pc = 1",
                "      subroutine b",
                "      end", ""));
        CliRun r = CliRun.of("compose", f.toString(), "--at", "p=2");
        assertEquals(2, r.code(), r.out());
        assertTrue(r.err().startsWith(f + ":7:8: deadlock: task 'main:6' waits forever at 'wait never': no matching post"),
                r.err());
        assertFalse(r.err().contains("Exception"));
    }

    @Test
    void syncInsideANestedParallelNodeIsRefused(@TempDir Path dir) throws Exception {
        Path f = dir.resolve("nested.f");
        Files.writeString(f, String.join("\n",
                "      program main",
                "c*ksr* parallel sections",
                "c*ksr* section",
                "c*ksr* parallel sections",
                "c*ksr* section",
                "c*lcm* sync: post x",
                "      call a",
                "c*ksr* section",
                "      call a",
                "c*ksr* end parallel sections",
                "c*ksr* section",
                "c*lcm* sync: wait x",
                "      call a",
                "c*ksr* end parallel sections",
                "      end",
                "c*lcm* model: pc = 1",
                "      subroutine a",
                "      end", ""));
        CliRun r = CliRun.of("compose", f.toString());
        assertEquals(2, r.code(), r.out());
        assertTrue(r.err().startsWith(f + ":6:8: synchronization inside a nested parallel node (main:4) is not supported"),
                r.err());
    }

    @Test
    void missingSourceFile() {
        CliRun r = CliRun.of("compose", "no/such/file.f");
        assertEquals(2, r.code());
        assertEquals("lcm: no/such/file.f: no such file\n", r.err());
        assertFalse(r.err().contains("Exception"));
    }

    @Test
    void degeneratePointsAreRefusedNamingTheOption() {
        for (String[] c : new String[][] {
                {"p=0", "lcm: --at p=0: p is the number of processors, at least 1\n"},
                {"n=-5,p=2", "lcm: --at n=-5: must be positive (lcm's variables are sizes, counts and processors)\n"},
                {"n=1e999,p=2", "lcm: --at n=1e999,p=2: number '1e999' out of range (magnitude between 1e-324 and 1e308)\n"}}) {
            CliRun r = CliRun.of("compose", fixture("fixtures/fft2d/dp.f"), "--at", c[0]);
            assertEquals(2, r.code(), c[0]);
            assertEquals(c[1], r.err(), c[0]);
        }
    }

    @Test
    void aNegativeCategoryAtThePointIsAWarningWithThePoint(@TempDir Path dir) throws Exception {
        // cl = 1 - p is negative at p = 4 (-3 processor-seconds): said, with the point and the category
        Path f = dir.resolve("neg.f");
        Files.writeString(f, "      program main\nc*lcm* model: pc = 8\nc*lcm* model: cl = 1 - p\n"
                + "!$omp parallel do\n      do i = 1, n\n      x = x + 1\n      end do\n      end\n");
        CliRun r = CliRun.of("compose", f.toString(), "--at", "p=4", "--format", "json");
        assertEquals(0, r.code(), r.err());
        assertTrue(r.err().contains("lcm: warning: cl is negative at p = 4 (-3 processor-seconds): a fragment model is "
                + "used outside the range it was fitted on"), r.err());
        assertTrue(r.out().contains("cl is negative at p = 4"), r.out());
    }

    @Test
    void termsPrintsTheDominantTermsWithTheirShare() {
        // dp.f at n = 1024, p = 26, itors = 16: pc = itors n^2 ln n / 56800 (the four loops'
        // n^2 ln n / 227200 each) = 16 * 1048576 * 6.931472 / 56800 = 2047.37 processor-seconds,
        // / 26 = 78.7451 s of T_P = 87.9259 s: 89.6 %
        CliRun r = CliRun.of("compose", fixture("fixtures/fft2d/dp.f"), "--at", "n=1024,p=26", "--terms", "1");
        assertEquals(0, r.code(), r.err());
        assertTrue(r.out().endsWith("dominant terms of T_P at n = 1024, p = 26, itors = 16 (1 of 7; T_P = 87.92592 s):\n"
                + "   89.6 %  pc 78.74512 s   itors*n^2*log(n)/56800\n"), r.out());
        CliRun noPoint = CliRun.of("compose", fixture("fixtures/fft2d/dp.f"), "--terms", "3");
        assertEquals(2, noPoint.code());
        assertEquals("lcm: --terms needs a point: give --at\n", noPoint.err());
    }

    @Test
    void theFrontEndsWarningsComeEvenWhenAtFails(@TempDir Path dir) throws Exception {
        // a vars: before 'program' has no effect; --at n then fails: the warning that says why is still shown
        Path f = dir.resolve("v.f");
        Files.writeString(f, "c*lcm* vars: lt = log2(n)\n      program main\nc*lcm* model: pc = lt\n      call work\n"
                + "      end\n      subroutine work\n      x = 1\n      end\n");
        CliRun r = CliRun.of("compose", f.toString(), "--at", "p=2,n=8");
        assertEquals(2, r.code(), r.err());
        assertTrue(r.err().startsWith(f + ":1:8: warning: 'vars:' is ignored here: it attaches to the routine 'main'"),
                r.err());
        assertTrue(r.err().endsWith("lcm: --at: unknown variable 'n' (the model's variables: p, lt)\n"), r.err());
    }
}
