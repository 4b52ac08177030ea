package lcm.cli;

import lcm.probe.Toolchain;
import org.junit.jupiter.api.Assertions;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.io.InputStream;
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
 * lcm measure on OpenMP Fortran programs built instrumented ({@code --build}), against what the
 * programs timed themselves (docs/measure.md, "OpenMP"): knownanswer.f90 has a serial fragment,
 * an imbalanced and a balanced parallel loop, a fragment in a loop body, nested fragments, an
 * early return, exit and cycle, a go to, two sections at once and two worksharing loops in one
 * region (one nowait); cglike.f is the NPB CG idiom with no annotation, measured by the thesis'
 * rule. Each category within 10 % of what the program constructed or 20 ms, and conservation
 * within 2 %. Needs gfortran, clang, libomp and binutils: skipped with what to install, failed
 * under CI=true.
 */
@Tag("timing")
class OpenMpMeasureTest {

    @TempDir
    Path dir;

    @BeforeEach
    void toolchain() {
        String missing = Toolchain.missingForFortranOpenMp().orElse(null);
        if (missing == null) {
            return;
        }
        if ("true".equals(System.getenv("CI"))) {
            Assertions.fail("OpenMP measurement tests cannot run: " + missing + " (.ci/run installs it)");
        }
        Assumptions.abort("OpenMP measurement tests skipped: " + missing);
    }

    private Path resource(String name) throws IOException {
        Path to = dir.resolve(name);
        try (InputStream in = getClass().getResourceAsStream(name)) {
            Files.write(to, in.readAllBytes());
        }
        return to;
    }

    /** lcm measure with --build of source (and spin.f90) at p processors; the run's pp lines and output. */
    private Measured measure(String source, int p) throws IOException {
        Path src = resource(source);
        Path spin = resource("spin.f90");
        Path program = dir.resolve(source.replaceFirst("\\..*$", ""));
        Path pp = dir.resolve(program.getFileName() + ".pp");
        String build = "gfortran -g -O2 -fopenmp -J " + dir + " -o " + program + " " + src + " " + spin;
        CliRun run = CliRun.of("measure", "--vars", "p=" + p, "--out", pp.toString(), "--source", src.toString(),
                "--build", build, "--", program.toString());
        assertEquals(0, run.code(), run.err());
        return new Measured(Files.readAllLines(pp), run.err());
    }

    @Test
    void knownAnswersOnTwoProcessors() throws IOException {
        Measured m = measure("knownanswer.f90", 2);
        m.assertConservation();
        // a serial fragment: one processor busy (its width), the other's idle time is composition's IP+
        m.assertLine("serial", 1, 1);
        m.assertWithin("serial", "pc", m.timed("serial", "wall"));
        m.assertWithin("serial", "ip", 0);
        // parallel loops: pc the iterations' work, li the rest of p x the loop's time
        for (String loop : List.of("imbalanced", "balanced")) {
            m.assertLine(loop, 2, 1);
            double work = m.timed(loop, "a") + m.timed(loop, "b");
            m.assertWithin(loop, "pc", work);
            m.assertWithin(loop, "li", 2 * m.timed(loop, "wall") - work);
        }
        assertTrue(m.value("imbalanced", "li") > 0.15, "the imbalance of 0.3 s against 0.1 s: " + m.line("imbalanced"));
        // a fragment inside a loop body: three executions; exit and cycle end it (three of four iterations)
        m.assertLine("in_loop", 1, 3);
        m.assertWithin("in_loop", "pc", m.timed("in_loop", "wall"));
        m.assertLine("leave", 1, 3);
        m.assertWithin("leave", "pc", m.timed("leave", "wall"));
        // nested fragments: the inner time counted once, in the inner one
        m.assertWithin("outer", "pc", m.timed("outer", "wall"));
        m.assertWithin("inner", "pc", m.timed("inner", "wall"));
        // an early return and a go to out of a fragment end it there
        m.assertWithin("early", "pc", m.timed("early", "wall"));
        m.assertWithin("jump", "pc", m.timed("jump", "wall"));
        // two sections at once, each its own task of width p/T = 1
        m.assertLine("left", 1, 1);
        m.assertWithin("left", "pc", m.timed("tasks", "a"));
        m.assertWithin("right", "pc", m.timed("tasks", "b"));
        // worksharing loops inside one region, one with a barrier and one nowait, each its own fragment
        for (String ws : List.of("ws_barrier", "ws_nowait")) {
            m.assertLine(ws, 2, 1);
            m.assertWithin(ws, "pc", m.timed(ws, "a"));
            m.assertWithin(ws, "li", m.timed(ws, "b"));
        }
        for (String tag : List.of("serial", "imbalanced", "in_loop", "outer", "inner", "early", "leave", "jump",
                "left", "right", "ws_barrier", "ws_nowait")) {
            m.assertWithin(tag, "sl", 0);
        }
    }

    @Test
    void oneProcessorLosesNothingInLoops() throws IOException {
        Measured m = measure("knownanswer.f90", 1);
        // at p = 1 composition gives each of the two sections p/2 = 0.5 processor (time-sliced);
        // the runtime runs them one after the other, each on the whole processor: the header says
        // so, naming them, and the run's sum exceeds p x time by what they held beyond their widths
        m.assertConservationBeyondWidths(List.of("left", "right"));
        for (String tag : List.of("serial", "imbalanced", "balanced", "ws_barrier", "ws_nowait")) {
            m.assertLine(tag, 1, 1);
            assertTrue(m.value(tag, "li") + m.value(tag, "ip") < 0.02 * m.value(tag, "pc") + 1e-3,
                    "one thread loses nothing: " + m.line(tag));
        }
        m.assertWithin("imbalanced", "pc", m.timed("imbalanced", "a") + m.timed("imbalanced", "b"));
    }

    @Test
    void unannotatedNpbIdiomIsMeasuredByThePenultimateNodes() throws IOException {
        Measured m = measure("cglike.f", 2);
        m.assertConservation();
        // the serial code before the solver (a serial stretch), width 1
        m.assertLine("cglike:19", 1, 1);
        m.assertWithin("cglike:19", "pc", m.timed("serial", "pc"));
        // the first worksharing loop of the big region, with its barrier
        m.assertLine("solve:33", 2, 1);
        m.assertWithin("solve:33", "pc", m.timed("loop", "pc"));
        m.assertWithin("solve:33", "li", m.timed("loop", "li"));
        // the single block, twice, on one processor
        m.assertLine("solve:42", 1, 2);
        m.assertWithin("solve:42", "pc", m.timed("single", "pc"));
        // the nowait loop, twice: the thread done first idles while the other works
        m.assertLine("solve:47", 2, 2);
        m.assertWithin("solve:47", "pc", m.timed("nowait", "pc"));
        m.assertWithin("solve:47", "li", m.timed("nowait", "li"));
        // the master block, twice
        m.assertLine("solve:54", 1, 2);
        m.assertWithin("solve:54", "pc", m.timed("master", "pc"));
    }

    @Test
    void replicatedCodeInARegionHasTheTeamsWidth() throws IOException {
        Measured m = measure("replicated.f", 2);
        // makea, called directly in the region, runs on every thread of the team (each on its own part): width 2,
        // one execution of the team; its pc the two threads' parts, 0.1 + 0.2 s
        m.assertLine("makea", 2, 1);
        m.assertWithin("makea", "pc", m.timed("makea", "pc"));
        m.assertLine("work:27", 2, 1);
        m.assertConservation();
        // no fragment is said to hold more than p x the run's time
        double time = Double.parseDouble(m.pp().stream().filter(l -> l.startsWith("# run: ")).findFirst().orElseThrow()
                .replaceFirst(".*; time (\\S+) s.*", "$1"));
        Matcher held = Pattern.compile("held while it ran \\((\\S+)\\)").matcher(String.join("\n", m.pp()));
        while (held.find()) {
            assertTrue(Double.parseDouble(held.group(1)) <= 2 * time, held.group() + " in a run of " + time + " s");
        }
    }

    @Test
    void regionsInNoSourceGivenSayWhereTheyAre() throws IOException {
        Path other = resource("cglike.f");
        Path src = resource("twoloops.f90");
        Path program = dir.resolve("twoloops");
        Process gf = new ProcessBuilder("gfortran", "-g", "-O2", "-fopenmp", "-o", program.toString(), src.toString())
                .redirectErrorStream(true).start();
        String log;
        try {
            log = new String(gf.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            assertEquals(0, gf.waitFor(), log);
        } catch (InterruptedException e) {
            throw new AssertionError(e);
        }
        CliRun run = CliRun.of("measure", "--vars", "p=2", "--source", other.toString(), "--", program.toString());
        assertEquals(2, run.code(), run.err());
        assertTrue(run.err().contains("lcm: " + program + " ran, but none of its 2 parallel regions is in a fragment of "
                + "the sources given (" + other + "): the debug information puts them at " + src + ":8 (MAIN__), "
                + "3 times; " + src + ":14 (MAIN__), 1 time (other files than the sources: give the program's own "
                + "sources with --source); no pp lines written"), run.err());
    }

    /** A measured run: its pp file's lines and what the program printed (to standard error). */
    private record Measured(List<String> pp, String output) {

        String line(String tag) {
            return pp.stream().filter(l -> l.startsWith("tag=" + tag + " ")).findFirst()
                    .orElseThrow(() -> new AssertionError("no line for " + tag + " in:\n" + String.join("\n", pp)));
        }

        double value(String tag, String key) {
            Matcher m = Pattern.compile("(?:^| )" + key + "=(\\S+)").matcher(line(tag));
            assertTrue(m.find(), key + " in " + line(tag));
            return Double.parseDouble(m.group(1));
        }

        void assertLine(String tag, double width, int execs) {
            assertEquals(width, value(tag, "width"), "width of " + line(tag));
            assertEquals(execs, (int) value(tag, "execs"), "executions of " + line(tag));
        }

        /** Within 10 % of what the program constructed, or 20 ms. */
        void assertWithin(String tag, String key, double expected) {
            double actual = value(tag, key);
            assertTrue(Math.abs(actual - expected) <= Math.max(0.10 * Math.abs(expected), 0.02),
                    tag + " " + key + ": constructed " + expected + ", measured " + actual + " (" + line(tag) + ")\n"
                            + output);
        }

        double timed(String name, String key) {
            Matcher m = Pattern.compile("(?m)^\\s*" + name + " (.*)$").matcher(output);
            assertTrue(m.find(), "the program's line for " + name + " in:\n" + output);
            Map<String, Double> values = new HashMap<>();
            for (String kv : m.group(1).trim().split("\\s+")) {
                String[] f = kv.split("=");
                values.put(f[0], Double.parseDouble(f[1]));
            }
            assertTrue(values.containsKey(key), key + " in " + m.group());
            return values.get(key);
        }

        /**
         * The header's check where the given fragments ran on more processors than their widths:
         * each is named in a warning, and the sum is p x time plus what they held beyond their
         * widths (categories less width x wall), within 2 %.
         */
        void assertConservationBeyondWidths(List<String> tags) {
            double beyond = 0;
            for (String tag : tags) {
                assertTrue(pp.stream().anyMatch(l -> l.startsWith("# warning: fragment " + tag + ": its categories")
                        && l.endsWith("it ran on more processors than composition gives it")), String.join("\n", pp));
                double total = value(tag, "pc") + value(tag, "li") + value(tag, "ip") + value(tag, "sl");
                beyond += total - value(tag, "width") * value(tag, "wall");
            }
            String c = pp.stream().filter(l -> l.startsWith("# conservation: ")).findFirst().orElseThrow();
            Matcher m = Pattern.compile("= (\\S+) processor-s; p x time = (\\S+);").matcher(c);
            assertTrue(m.find(), c);
            double pt = Double.parseDouble(m.group(2));
            assertTrue(Math.abs(Double.parseDouble(m.group(1)) - (pt + beyond)) <= 0.02 * pt, c + "; beyond " + beyond);
        }

        /** The header's check: the categories and the time outside the fragments make p x time within 2 %. */
        void assertConservation() {
            String c = pp.stream().filter(l -> l.startsWith("# conservation: ")).findFirst().orElseThrow();
            assertTrue(c.endsWith("(within 2 %)"), c);
        }
    }
}
