package lcm.compare;

import lcm.expr.Evaluator;
import lcm.annotation.Category;
import lcm.source.SourceRegistry;
import lcm.source.UserError;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/** The .lcm model-file format (docs/compare.md). */
class ModelFileReaderTest {

    @TempDir
    Path dir;

    private Alternative read(String text) throws IOException {
        Path f = dir.resolve("m.lcm");
        Files.writeString(f, text);
        return ModelFileReader.read(f, f.toString(), new SourceRegistry());
    }

    private String error(String text) throws IOException {
        UserError e = assertThrows(UserError.class, () -> read(text));
        return e.diagnostics().get(0).headline().replace(dir.resolve("m.lcm").toString(), "m.lcm");
    }

    @Test
    void categoriesSumOverP() throws IOException {
        Alternative a = read("# a comment\n\nmodel: pc = 100   # trailing comment\n  model: { li = 2*p^2, rc = n }\n");
        assertEquals(List.of("n", "p"), a.variables());
        // T = (100 + 2 p^2 + n)/p: at p = 4, n = 8: (100 + 32 + 8)/4 = 35
        assertEquals(35.0, Evaluator.eval(a.time(), Map.of("p", 4.0, "n", 8.0)), 1e-12);
        assertEquals("0", a.categories().get(Category.SL).text());
        assertEquals(Alternative.Kind.MODEL_FILE, a.kind());
        assertEquals("m.lcm", a.name());
    }

    @Test
    void varsFixesP() throws IOException {
        Alternative a = read("vars: p = 26\nmodel: pc = n^2\n");
        assertEquals(List.of("n"), a.variables());
        assertEquals(100.0 / 26, Evaluator.eval(a.time(), Map.of("n", 10.0)), 1e-12);
        assertEquals("n^2", a.categories().get(Category.PC).text());
    }

    @Test
    void varsMayBeExpressionsOfOtherVariables() throws IOException {
        Alternative a = read("vars: p = 2*q\nmodel: pc = 12\n");
        assertEquals(List.of("q"), a.variables());
        assertEquals(2.0, Evaluator.eval(a.time(), Map.of("q", 3.0)), 1e-12);
    }

    @Test
    void badLinesAreLocated() throws IOException {
        assertEquals("m.lcm:2:12: bad annotation: unexpected end of line, expecting an expression", error("# first\nmodel: pc = \n"));
        assertEquals("m.lcm:1:1: a model file holds only 'model:' and 'vars:' lines, not 'iterations:'",
                error("iterations: 4\n"));
        assertEquals("m.lcm:2:3: category 'pc' given twice in this model file", error("model: pc = 1\n  model: pc = 2\n"));
        assertEquals("m.lcm:1:1: no 'model:' line: a model file gives at least one category (e.g. model: pc = "
                + "n^2*log(n)/3550)", error("# nothing\nvars: p = 2\n"));
        assertEquals("m.lcm:1:1: vars: 'q' is not a variable of this model (its variables: n, p)",
                error("vars: q = 3\nmodel: pc = n\n"));
        assertEquals("m.lcm:1:1: vars: p = p/2 refers to itself (a model file's vars: gives values)",
                error("vars: p = p/2\nmodel: pc = n\n"));
        assertEquals("m.lcm:1:8: unknown category 'xx' (categories: pc (or rt), li, ip, sl, cl, rc)",
                error("model: xx = 1\n"));
    }
}
