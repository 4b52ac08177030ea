package lcm.probe;

import lcm.frontend.ProgramReader;
import lcm.source.Diagnostics;
import lcm.source.SourceRegistry;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
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
 * The Java agent's categories against what the measured program timed itself
 * (resources lcm/probe/Categories.java): a parallel loop of unequal iterations (li = p x wall minus
 * the iterations' work), a serial section between two parallel loops (ip = (p - 1) x its time),
 * a lock held for a known time (sl = the time the other task waited for it), and conservation
 * (pc + li + ip + sl = p x the fragment's wall time as the program timed it, within 2 %).
 * At p = 1 and p = 2 (this machine has 2 processors; nothing in the probe assumes a number).
 */
@Tag("timing")
class JavaCategoriesTest {

    @TempDir
    Path dir;

    @Test
    void twoProcessors() throws IOException {
        Run run = measure(2);
        // unequal: one iteration spins 0.24 s, the other 0.08 s: the idle processor waits ~0.16 s
        // (p x the forEach call's time less the iterations' work: a task started late idles too)
        double imbalance = 2 * run.timed("unequal", "loop") - run.timed("unequal", "work0") - run.timed("unequal", "work1");
        assertTrue(imbalance > 0.03, "the program's own imbalance (nominally 0.16 s) " + imbalance);
        assertWithin(imbalance, run.cost("unequal").li(), 0.10, "li of the unequal loop");
        // serialBetween: 0.2 s of serial code, one of the two processors idles through it
        assertWithin(run.timed("serialBetween", "serial"), run.cost("serialBetween").ip(), 0.10, "ip = (p - 1) x serial");
        // locked: the second task waits ~0.12 s for the lock the first holds
        assertWithin(run.timed("locked", "waited"), run.cost("locked").sl(), 0.10, "sl of the lock");
        run.assertConservation(2);
    }

    @Test
    void oneProcessor() throws IOException {
        Run run = measure(1);
        // one processor: nothing idles while an iteration spins (two threads share it), nor through
        // serial code; the processor is idle only while neither iteration has begun or one waits
        // for the other's thread to be scheduled (tens of ms on a busy machine, ~0 on a quiet one)
        FragmentTotals unequal = run.cost("unequal");
        double notSpinning = run.timed("unequal", "loop") - run.timed("unequal", "busy");
        assertTrue(notSpinning < 0.5 * run.timed("unequal", "loop"), "the iterations spun " + run.output());
        assertWithin(notSpinning, unequal.li(), 0.10, "li at p = 1");
        FragmentTotals serial = run.cost("serialBetween");
        assertTrue(serial.ip() < 0.02 * serial.total(), "ip at p = 1: " + serial);
        // the lock's waiter waits while the holder uses the only processor: no processor time lost
        FragmentTotals locked = run.cost("locked");
        assertTrue(locked.sl() < 0.1 * 0.12, "sl at p = 1: " + locked);
        run.assertConservation(1);
    }

    private Run measure(int p) throws IOException {
        Path program = dir.resolve("Categories.java");
        try (InputStream in = getClass().getResourceAsStream("Categories.java")) {
            Files.write(program, in.readAllBytes());
        }
        Diagnostics diagnostics = new Diagnostics();
        FragmentSites sites = FragmentSites.of(new ProgramReader(new SourceRegistry()).parse(List.of(program)).orThrow());
        assertEquals(List.of("unequal", "serialBetween", "locked"), sites.sites().stream().map(FragmentSites.Site::tag).toList());
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        ByteArrayOutputStream output = new ByteArrayOutputStream();
        ProbeRun.Result result = ProbeRun.run(new ProbeRun.Request(List.of(java, program.toString()), p, sites),
                new PrintStream(output, true, StandardCharsets.UTF_8));
        return new Run(result, output.toString(StandardCharsets.UTF_8));
    }

    /** Within relative of the expected value, or 20 ms (what a busy machine's scheduling adds to a short part). */
    private static void assertWithin(double expected, double actual, double relative, String what) {
        assertTrue(Math.abs(actual - expected) <= Math.max(relative * Math.abs(expected), 0.02),
                what + ": expected " + expected + " within " + (relative * 100) + " % or 20 ms, measured " + actual);
    }

    /** A measured run and what the program printed about itself. */
    private record Run(ProbeRun.Result result, String output) {

        FragmentTotals cost(String tag) {
            FragmentTotals c = result.fragment(tag);
            assertTrue(c != null, tag + " ran: " + result.fragments());
            assertEquals(1, c.execs(), tag + " executions");
            return c;
        }

        double timed(String fragment, String key) {
            Matcher m = Pattern.compile("(?m)^" + fragment + " (.*)$").matcher(output);
            assertTrue(m.find(), "the program's line for " + fragment + " in:\n" + output);
            Map<String, Double> values = new HashMap<>();
            for (String kv : m.group(1).trim().split(" ")) {
                String[] f = kv.split("=");
                values.put(f[0], Double.parseDouble(f[1]));
            }
            return values.get(key);
        }

        /** pc + li + ip + sl = p x the wall time the program measured around each fragment, within 2 %. */
        void assertConservation(int p) {
            for (String tag : List.of("unequal", "serialBetween", "locked")) {
                FragmentTotals c = cost(tag);
                assertEquals(p, c.width(), tag + " ran alone on all p processors");
                assertWithin(p * timed(tag, "wall"), c.total(), 0.02, "conservation of " + tag);
            }
        }
    }
}
