package lcm.probe;

import lcm.frontend.ProgramReader;
import lcm.source.Diagnostics;
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
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The OMPT tool's categories against what the measured gfortran program (resources
 * lcm/probe/categories.f90, run on LLVM's libomp) timed itself: an unequal parallel loop (li =
 * p x wall minus the iterations' work), a single construct between two loops (ip = (p - 1) x its
 * time), a critical section held 0.12 s (sl = the other thread's wait), conservation within 2 %.
 * At p = 1 and 2.
 */
@Tag("timing")
class OpenMpCategoriesTest {

    @TempDir
    Path dir;

    @BeforeEach
    void toolchain() {
        OpenMpToolchain.require();
    }

    @Test
    void twoProcessors() throws Exception {
        Run run = measure(2);
        double imbalance = 2 * run.timed("unequal", "wall") - run.timed("unequal", "work0") - run.timed("unequal", "work1");
        assertTrue(imbalance > 0.03, "the program's own imbalance (nominally 0.16 s) " + imbalance);
        assertWithin(imbalance, run.cost("unequal").li(), 0.10, "li of the unequal loop");
        assertWithin(run.timed("serial_between", "serial"), run.cost("serial_between").ip(), 0.10, "ip = (p - 1) x single");
        assertWithin(run.timed("locked", "waited"), run.cost("locked").sl(), 0.10, "sl of the critical section");
        run.assertConservation(2);
    }

    @Test
    void oneProcessor() throws Exception {
        Run run = measure(1);
        for (String tag : List.of("unequal", "serial_between", "locked")) {
            FragmentTotals c = run.cost(tag);
            assertTrue(c.li() + c.ip() + c.sl() < 0.02 * c.total(), "one thread loses nothing: " + c);
        }
        run.assertConservation(1);
    }

    private Run measure(int p) throws Exception {
        Path source = dir.resolve("categories.f90");
        try (InputStream in = getClass().getResourceAsStream("categories.f90")) {
            Files.write(source, in.readAllBytes());
        }
        Path binary = OpenMpToolchain.gfortran(dir.resolve("categories"), source);
        FragmentSites sites = FragmentSites.of(new ProgramReader(new SourceRegistry()).parse(List.of(source)).orThrow());
        ByteArrayOutputStream output = new ByteArrayOutputStream();
        ProbeRun.Result result = ProbeRun.run(new ProbeRun.Request(List.of(binary.toString()), p, sites),
                new PrintStream(output, true, StandardCharsets.UTF_8));
        assertTrue(result.warnings().stream().noneMatch(w -> w.contains("no source line")), result.warnings().toString());
        return new Run(result, output.toString(StandardCharsets.UTF_8));
    }

    private static void assertWithin(double expected, double actual, double relative, String what) {
        assertTrue(Math.abs(actual - expected) <= relative * Math.abs(expected),
                what + ": expected " + expected + " within " + (relative * 100) + " %, measured " + actual);
    }

    private record Run(ProbeRun.Result result, String output) {

        FragmentTotals cost(String tag) {
            FragmentTotals c = result.fragment(tag);
            assertTrue(c != null, tag + " ran: " + result.fragments());
            assertEquals(1, c.execs(), tag + " executions");
            return c;
        }

        double timed(String fragment, String key) {
            Matcher m = Pattern.compile("(?m)^\\s*" + fragment + " (.*)$").matcher(output);
            assertTrue(m.find(), "the program's line for " + fragment + " in:\n" + output);
            Map<String, Double> values = new HashMap<>();
            for (String kv : m.group(1).trim().split(" ")) {
                String[] f = kv.split("=");
                values.put(f[0], Double.parseDouble(f[1]));
            }
            return values.get(key);
        }

        void assertConservation(int p) {
            for (String tag : List.of("unequal", "serial_between", "locked")) {
                FragmentTotals c = cost(tag);
                assertEquals(p, c.width(), tag + " ran alone on all p processors");
                // 2 %, or 20 ms as for the categories: the program's own clock runs on the master
                // thread, and a worker the kernel wakes late shifts the two by a few milliseconds
                double expected = p * timed(tag, "wall");
                assertTrue(Math.abs(c.total() - expected) <= Math.max(0.02 * expected, 0.020),
                        "conservation of " + tag + ": expected " + expected + " within 2 % or 20 ms, measured " + c.total());
            }
        }
    }
}
