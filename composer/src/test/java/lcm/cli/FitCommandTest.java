package lcm.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@code lcm fit} in-process: text and JSON with numbers checked by hand, located errors. */
class FitCommandTest {

    @TempDir
    Path dir;

    private record Run(int code, String out, String err) {
    }

    private Run run(String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int code = Cli.create(new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8))
                .execute(args);
        return new Run(code, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }

    /** li = 0.01 (p - 1) exactly at d=32 (no imbalance on one processor), other values at d=64; a tagged line for another fragment. */
    private Path data() throws Exception {
        StringBuilder s = new StringBuilder("# runfast\n");
        for (int p : new int[] {1, 2, 4, 8, 16, 32}) {
            s.append("d=32 p=").append(p).append(" li=").append(0.01 * (p - 1)).append(" rt=").append(2.0 + 8.0 / p).append('\n');
            s.append("d=64 p=").append(p).append(" li=").append(0.03 * p).append(" rt=").append(4.0 + 16.0 / p).append('\n');
        }
        Path f = dir.resolve("runfast.pp");
        Files.writeString(f, s.toString());
        return f;
    }

    @Test
    void textOutputInTheThesisStyle() throws Exception {
        Run r = run("fit", "-c", "li", "-v", "p", "-f", data().toString(), "-x", "d=32");
        assertEquals(0, r.code(), r.err());
        String[] lines = r.out().split("\n");
        assertEquals("lcm fit 0.1.0 (lca)", lines[0]);
        assertTrue(lines[1].endsWith("runfast.pp, Variable: p, Category: li, Constraints: d=32"), lines[1]);
        // li is 0 on one processor: the point at p = 1 is left out of the fit (docs/fitting.md)
        assertEquals("Observations: 5 runs at 5 points (p = 2 .. 32)", lines[2]);
        assertTrue(lines[3].startsWith("(0.01 +/- "), lines[3]);
        assertTrue(lines[3].contains(") * (max(p, 1) - 1)"), lines[3]);
        assertTrue(lines[3].contains("R2 : 1.0000"), lines[3]);
        assertTrue(lines[3].endsWith("<- selected"), lines[3]);
    }

    @Test
    void jsonPerTheContract() throws Exception {
        Run r = run("fit", "-c", "rt", "-v", "p", "-f", data().toString(), "-x", "d=64", "--format", "json");
        assertEquals(0, r.code(), r.err());
        JsonNode j = new ObjectMapper().readTree(r.out());
        assertEquals("pc", j.get("category").asText());
        assertEquals("p", j.get("variables").get(0).asText());
        assertEquals(6, j.get("points").asInt());
        JsonNode best = j.get("fits").get(j.get("selected").asInt());
        assertEquals("k1+k2/p", best.get("form").asText());
        assertEquals("4+16/p", best.get("model").asText());
        assertEquals("k2", best.get("coefficients").get(1).get("name").asText());
        assertEquals(16, best.get("coefficients").get(1).get("value").asDouble(), 1e-9);
        assertEquals(1, best.get("r2").asDouble(), 1e-12);
        assertTrue(best.has("adj_r2") && best.has("cv_error") && best.get("coefficients").get(0).has("ci90"));
    }

    @Test
    void userFormulasAndPlots() throws Exception {
        Path plot = dir.resolve("li");
        Run r = run("fit", "-c", "li", "-v", "p", "-f", data().toString(), "-x", "d=64 && p>=1", "-g", plot.toString(), "x0^2 x0");
        assertEquals(0, r.code(), r.err());
        assertTrue(r.out().contains("[user formula]"), r.out());
        for (String ext : new String[] {".png", ".svg", ".data", ".gp"}) {
            assertTrue(Files.size(Path.of(plot + ext)) > 0, ext);
        }
        String gp = Files.readString(Path.of(plot + ".gp"));
        assertTrue(gp.contains("plot \"li.data\" using 1:2 title \"measured\" with points"), gp);
        assertEquals("# p li", Files.readAllLines(Path.of(plot + ".data")).get(0));
    }

    @Test
    void locatedErrorsExitTwo() throws Exception {
        String f = data().toString();
        Run c = run("fit", "-c", "xx", "-v", "p", "-f", f);
        assertEquals(2, c.code());
        assertTrue(c.err().startsWith("<-c>:1:1: unknown category 'xx' (categories: pc (or rt), li, ip, sl, cl, rc; "
                + "quantities in the data: li, rt)"), c.err());
        Run v = run("fit", "-c", "li", "-v", "p q", "-f", f);
        assertEquals(2, v.code());
        assertTrue(v.err().startsWith("<-v>:1:3: unknown variable 'q' (variables in the data: d, p)\n  p q\n    ^"), v.err());
        Run x = run("fit", "-c", "li", "-v", "p", "-f", f, "-x", "d=128");
        assertEquals(2, x.code());
        assertTrue(x.err().startsWith("<-x>:1:1: no measurements match 'd=128' (d takes 32, 64)"), x.err());
        Run formula = run("fit", "-c", "li", "-v", "p", "-f", f, "-x", "d=32", "k1*p +");
        assertEquals(2, formula.code());
        assertTrue(formula.err().startsWith("<formula 1>:1:6: bad expression: unexpected '+'"), formula.err());
        Path bad = dir.resolve("bad.pp");
        Files.writeString(bad, "p=1 li=0.1\np=2 li=zero\n");
        Run data = run("fit", "-c", "li", "-v", "p", "-f", bad.toString());
        assertEquals(2, data.code());
        assertTrue(data.err().contains("bad.pp:2:8: bad value 'zero' for 'li': expected a number\n  p=2 li=zero\n         ^"), data.err());
    }

    @Test
    void warnsWhenOtherVariablesVary() throws Exception {
        Run r = run("fit", "-c", "li", "-v", "p", "-f", data().toString());
        assertEquals(0, r.code());
        assertTrue(r.err().contains("warning: the measurements also vary d (32, 64)"), r.err());
    }

    @Test
    void atPrintsTheValueAndItsPredictionInterval() throws Exception {
        // rt = 2 + 8/p exactly at d=32: the signature k1 + k2/p; at p = 64: 2 + 8/64 = 2.125, interval of width 0
        Run r = run("fit", "-c", "pc", "-v", "p", "-f", data().toString(), "-x", "d=32", "--at", "p=64");
        assertEquals(0, r.code(), r.err());
        assertTrue(r.out().endsWith("At p = 64: 2.125 (90 % prediction interval 2.125 .. 2.125; extrapolated)\n"), r.out());
    }

    @Test
    void atNamesAVariableThatIsNotFitted() throws Exception {
        Run r = run("fit", "-c", "pc", "-v", "p", "-f", data().toString(), "-x", "d=32", "--at", "n=64");
        assertEquals(2, r.code());
        assertEquals("<--at>:1:1: 'n' is not a fitted variable (p)\n  n=64\n  ^\n", r.err());
    }

    @Test
    void withoutCategoryAndVariableEveryQuantityIsModelled() throws Exception {
        Run r = run("fit", data().toString());
        assertEquals(0, r.code(), r.err());
        String[] lines = r.out().split("\n");
        assertEquals(3, lines.length, r.out());
        assertTrue(lines[0].startsWith("fragment"), lines[0]);
        assertTrue(lines[1].startsWith("-                li         d p"), lines[1]);
        assertTrue(lines[2].startsWith("-                rt         d p"), lines[2]);
    }

    /** Options that do not depend on the data are checked before the data are read: a bad line is not reached. */
    @Test
    void optionsAreCheckedBeforeTheDataAreRead() throws Exception {
        Path bad = dir.resolve("bad.pp");
        Files.writeString(bad, "tag=w n=64 pc=1x\n");
        Run r = run("fit", "-v", "n p", bad.toString());
        assertEquals(2, r.code());
        assertEquals("lcm: give both -c CATEGORY and -v VARIABLES, or neither (to model every fragment, quantity and variable)\n",
                r.err());
        Run c = run("fit", "-c", "pc", bad.toString());
        assertEquals(2, c.code());
        assertTrue(c.err().startsWith("lcm: give both -c CATEGORY"), c.err());
        // with both, the data are read and the bad value is found at its column
        Run both = run("fit", "-c", "pc", "-v", "n", bad.toString());
        assertEquals(2, both.code());
        assertTrue(both.err().contains("bad.pp:1:15: bad value '1x' for 'pc'"), both.err());
    }
}
