package lcm.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import lcm.TestRepo;
import lcm.annotation.AnnotationReader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import javax.imageio.ImageIO;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@code lcm compare} from the command line: every format, plots, the report folder, bad input. */
class CompareCommandTest {

    static final double SQRT40 = Math.sqrt(40);

    @TempDir
    Path tmp;

    private static String fixture(String f) {
        return TestRepo.file(f).toString();
    }

    private static final String A = fixture("fixtures/compare/a.lcm");
    private static final String B = fixture("fixtures/compare/b.lcm");

    @Test
    void textLeadsWithTheVerdict() {
        CliRun r = CliRun.of("compare", A, B);
        assertEquals(0, r.code(), r.err());
        assertTrue(r.out().startsWith("lcm compare: a.lcm vs b.lcm\n\nThe best structure changes inside the range (p from 1 "
                + "to 32): a.lcm is best on 81.3 % of the grid, b.lcm is best on 18.8 % of the grid. Best: b.lcm for p in "
                + "[1, 6], a.lcm for p in [7, 32]."), r.out());
        assertTrue(r.out().contains("difference A - B = 40/p-p\n"), r.out());
        assertTrue(r.out().contains("  b.lcm -> a.lcm between p = 6 and p = 7 (real root p = 6.32455532)\n"), r.out());
        // dT_A/dp = 2 - 100/p^2 = 0 at p^2 = 50: the positive root 5*sqrt(2) (p counts processors; -5*sqrt(2) is none)
        assertTrue(r.out().contains("dT/dp = 0 at p = 5*sqrt(2) (real root, not a processor count)"), r.out());
        // p takes the integers 1..32 (26 won by a.lcm, 6 by b.lcm: 81.3 % and 18.8 %); T_A(7) = 100/7 + 14 = 28.2857
        assertTrue(r.out().contains("grid: p from 1 to 32 (32 integer points)"), r.out());
        assertTrue(r.out().contains("       p = 7, T_P = 28.2857 s"), r.out());
        assertEquals("", r.err());
    }

    @Test
    void symjaOnlyWhenAskedFor() {
        // --symja adds Symja's simplification where it reads shorter than lcm's own form: here nothing is shorter
        CliRun r = CliRun.of("compare", A, B, "--symja");
        assertEquals(0, r.code(), r.err());
        assertTrue(r.out().contains("difference A - B = 40/p-p\n"), r.out());
        // speedup of T_A = 100/p + 2p: 102/(100/p + 2p) = 51 p/(p^2 + 50), with or without Symja
        assertTrue(r.out().contains("speedup T(1)/T(p) = 51*p/(p^2+50)\n"), r.out());
        assertTrue(r.out().contains("dT/dp = 0 at p = 5*sqrt(2) (real root, not a processor count)"), r.out());
        CliRun own = CliRun.of("compare", A, B);
        assertTrue(own.out().contains("speedup T(1)/T(p) = 51*p/(p^2+50)\n"), own.out());
    }

    @Test
    void jsonFollowsTheContract() throws Exception {
        CliRun r = CliRun.of("compare", A, B, "--format", "json");
        assertEquals(0, r.code(), r.err());
        JsonNode j = new ObjectMapper().readTree(r.out());
        List<String> keys = new ArrayList<>();
        j.fieldNames().forEachRemaining(keys::add);
        assertEquals(List.of("models", "difference", "grid", "crossovers", "best"), keys.subList(0, 5));
        assertEquals(A, j.get("models").get(0).get("file").asText());
        // EXPR strings parse back with lcm's own grammar
        AnnotationReader.expression(j.get("models").get(0).get("time").asText());
        assertEquals("40/p-p", j.get("difference").asText());
        JsonNode x = j.get("crossovers").get(0);
        assertEquals(SQRT40, x.get("at").get("p").asDouble(), 1e-6 * SQRT40);
        assertEquals("[1,0]", x.get("between").toString());
        assertEquals("[6,7]", x.get("integers").toString());
        assertTrue(x.get("at_is_real_root").asBoolean());
        JsonNode best = j.get("best");
        assertEquals(2, best.size());
        assertEquals(1, best.get(0).get("model").asInt());
        assertEquals(1.0, best.get(0).get("region").get("p").get(0).asDouble());
        assertEquals(6.0, best.get(0).get("region").get("p").get(1).asDouble());
        assertEquals("p", j.get("grid").get("axes").get(0).get("variable").asText());
        assertEquals(32, j.get("grid").get("points").asInt(), "p = 1, 2, ..., 32");
        assertTrue(j.get("grid").get("axes").get(0).get("integer").asBoolean());
        assertEquals(32, j.get("grid").get("axes").get(0).get("values").size());
        // the root sqrt(50) = 7.07 is no processor count: T_A(7) = 28.2857 < T_A(8) = 28.5, so 7
        assertEquals(7.0, j.get("models").get(0).get("best_p").get("points").get(0).get("p").asDouble());
    }

    @Test
    void table53DataParallelWinsWithNoCrossover() throws Exception {
        CliRun r = CliRun.of("compare", fixture("fixtures/ksr1/dp_table53.lcm"), fixture("fixtures/ksr1/tp_table53.lcm"),
                "--range", "n=64:1024", "--format", "json");
        assertEquals(0, r.code(), r.err());
        JsonNode j = new ObjectMapper().readTree(r.out());
        assertEquals(0, j.get("verdict").get("winner").asInt());
        assertEquals(0, j.get("crossovers").size());
        assertEquals(1, j.get("best").size());
        assertEquals("[64.0,1024.0]", j.get("best").get(0).get("region").get("n").toString());
    }

    @Test
    void csvHasOneLinePerGridPoint() {
        CliRun r = CliRun.of("compare", A, B, "--format", "csv", "--points", "32");
        assertEquals(0, r.code(), r.err());
        String[] lines = r.out().split("\n");
        assertEquals("p,T_a.lcm,T_b.lcm,best", lines[0]);
        assertEquals(33, lines.length);
        // p = 1: T_A = 100 + 2 = 102, T_B = 60 + 3 = 63
        assertEquals("1.0,102.0,63.0,b.lcm", lines[1]);
        // p = 32: T_A = 3.125 + 64 = 67.125, T_B = 1.875 + 96 = 97.875
        assertEquals("32.0,67.125,97.875,a.lcm", lines[32]);
    }

    @Test
    void markdownAndLatex() {
        CliRun md = CliRun.of("compare", A, B, "--format", "markdown");
        assertEquals(0, md.code(), md.err());
        assertTrue(md.out().startsWith("# lcm compare: a.lcm vs b.lcm\n\n**Verdict.** The best structure changes"), md.out());
        assertTrue(md.out().contains("| p | best below | best above |\n|---|---|---|\n| 6 .. 7 (real root 6.32455532) | b.lcm | a.lcm |"),
                md.out());
        assertTrue(md.out().contains("| p in [1, 6] | b.lcm |"), md.out());
        CliRun tex = CliRun.of("compare", A, B, "--format", "latex");
        assertEquals(0, tex.code(), tex.err());
        assertTrue(tex.out().contains("T_{A} - T_{B} &= \\frac{40}{p} - p\n"), tex.out());
        assertTrue(tex.out().contains("6.32455532 & b.lcm & a.lcm \\\\"), tex.out());
    }

    @Test
    void plotsArePngAndSvg() throws IOException {
        Path prefix = tmp.resolve("ab.png");
        CliRun r = CliRun.of("compare", A, B, "--plot", prefix.toString());
        assertEquals(0, r.code(), r.err());
        for (String what : List.of("time", "ratio", "categories")) {
            BufferedImage png = ImageIO.read(tmp.resolve("ab-" + what + ".png").toFile());
            assertEquals(1000, png.getWidth());
            assertEquals(650, png.getHeight());
            assertTrue(Files.readString(tmp.resolve("ab-" + what + ".svg")).contains("<svg"));
        }
        assertFalse(Files.exists(tmp.resolve("ab-map.png")), "one axis: no map");
    }

    @Test
    void twoAxesAddTheMapAndAFolderTakesTheDefaultName() {
        CliRun r = CliRun.of("compare", fixture("fixtures/compare/np_a.lcm"), fixture("fixtures/compare/np_b.lcm"),
                "--points", "41", "--plot", tmp.toString());
        assertEquals(0, r.code(), r.err());
        assertTrue(Files.isRegularFile(tmp.resolve("compare-map.png")));
        assertTrue(Files.isRegularFile(tmp.resolve("compare-map.svg")));
        assertTrue(r.out().contains("n = 64: np_a.lcm -> np_b.lcm between p = 4 and p = 5 (real root p = 4.618802154)"), r.out());
    }

    @Test
    void reportFolder() throws IOException {
        Path dir = tmp.resolve("report");
        CliRun r = CliRun.of("compare", A, B, "--report", dir.toString(), "--format", "json");
        assertEquals(0, r.code(), r.err());
        String md = Files.readString(dir.resolve("compare.md"));
        assertTrue(md.contains("![compare-time.png](compare-time.png)"), md);
        assertTrue(md.contains("## Why: lost cycles per category"), md);
        assertEquals(r.out(), Files.readString(dir.resolve("compare.json")));
        assertTrue(Files.readString(dir.resolve("compare.csv")).startsWith("p,T_a.lcm,T_b.lcm,best\n"));
        assertTrue(Files.isRegularFile(dir.resolve("compare-categories.svg")));
    }

    /** Bad input: one located line on stderr, exit 2, no stack trace. */
    @Test
    void badInput() throws IOException {
        Path bad = tmp.resolve("bad.lcm");
        Files.writeString(bad, "model: pc = 100\nmodel: li = 2*p^^2\n");
        String dp = fixture("fixtures/ksr1/dp_table53.lcm");
        String[][] cases = {
            {"--range p=32:1", "lcm: --range p=32:1: the range of p is empty (32 > 1)"},
            {"--range p=4:4", "lcm: --range p=4:4: the range of p is empty (from 4 to 4): use --fix p=4 for one value"},
            {"--range p=0:32", "lcm: --range p=0:32: the range includes p = 0 (p counts processors: start at 1)"},
            {"--range p=-2:-1", "lcm: --range p=-2:-1: p must be above 0 (p counts processors: start at 1)"},
            {"--range q=1:4", "lcm: --range q=1:4: unknown variable 'q' (the models' variables: p)"},
            {"--range p=1", "lcm: --range p=1: expected VARIABLE=FROM:TO, e.g. n=64:1024, not 'p=1'"},
            {"--range p=1:x", "lcm: --range p=1:x: bad number 'x' (expected a number or a constant expression like 2^10)"},
            {"--range p=1:32,p=2:4", "lcm: --range p=1:32,p=2:4: p is given twice"},
            {"--fix q=3", "lcm: --fix q=3: unknown variable 'q' (the models' variables: p)"},
            {"--fix p=0", "lcm: --fix p=0: p is the number of processors, at least 1"},
            {"--fix p=2 --range p=1:4", "lcm: 'p' is in both --range and --fix: give it one or the other"},
            {"--points 1", "lcm: --points 1: need at least 2 points per axis"},
            {"--bars n=3", "lcm: --bars n=3: 'n' does not range (the ranging variables: p)"},
            {"--plot /nonexistent-lcm/dir/out", "lcm: --plot /nonexistent-lcm/dir/out: cannot write: the folder "
                    + "/nonexistent-lcm/dir does not exist"},
            {"--plot " + A + "/out", "lcm: --plot " + A + "/out: cannot write: " + A + " is not a folder"},
            {"@" + dp, "lcm: the models have different variables: n is missing from a.lcm (whose variables are p); "
                    + "p is missing from dp_table53.lcm (whose variables are n); give --fix n=V,p=V to compare them at "
                    + "one value"},
            {"@" + dp + " --fix p=26 --range n=64:1024", "lcm: the models have different variables: n is missing from "
                    + "a.lcm (whose variables are none); give --fix n=V to compare them at one value"},
            {"@" + bad, bad + ":2:17: bad annotation: unexpected '^', expecting an expression"},
            {"@nothere.lcm", "lcm: nothere.lcm: no such file"},
            {"@a.lcm+b.f", "lcm: a.lcm+b.f: a model file (.lcm) stands alone; '+' joins source files of one program"},
            {"@a.f+", "lcm: a.f+: empty file name around '+' (write a program of several files as a.f+b.f)"},
        };
        for (String[] c : cases) {
            List<String> args = new ArrayList<>(List.of("compare", A));
            String extra = c[0];
            if (extra.startsWith("@")) {
                int space = extra.indexOf(' ');
                args.add(space < 0 ? extra.substring(1) : extra.substring(1, space));
                extra = space < 0 ? "" : extra.substring(space + 1);
            } else {
                args.add(B);
            }
            if (!extra.isEmpty()) {
                args.addAll(List.of(extra.split(" ")));
            }
            CliRun r = CliRun.of(args.toArray(new String[0]));
            assertEquals(2, r.code(), c[0] + "\n" + r.err());
            assertEquals(c[1], r.err().lines().findFirst().orElse(""), c[0]);
            assertFalse(r.err().contains("Exception") || r.err().contains("\tat "), r.err());
        }
    }

    @Test
    void aBadModelLineShowsTheLineAndACaret() throws IOException {
        Path bad = tmp.resolve("bad.lcm");
        Files.writeString(bad, "model: pc = 100\nmodel: li = 2*p^^2\n");
        CliRun r = CliRun.of("compare", A, bad.toString());
        assertEquals(2, r.code());
        assertEquals(bad + ":2:17: bad annotation: unexpected '^', expecting an expression\n  model: li = 2*p^^2\n                  ^\n", r.err());
    }

    @Test
    void oneModelIsAUsageError() {
        CliRun r = CliRun.of("compare", A);
        assertEquals(2, r.code());
        assertTrue(r.err().contains("requires at least 2 values"), r.err());
    }
}
