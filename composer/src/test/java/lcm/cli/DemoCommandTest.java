package lcm.cli;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@code lcm demo}: the whole walk-through runs in a fresh folder and writes its report. */
class DemoCommandTest {

    @Test
    void theWalkThroughTellsTheThesisStoryAndFitsRealMeasurements(@TempDir Path tmp) throws Exception {
        Path dir = tmp.resolve("demo");
        CliRun r = CliRun.of("demo", "--out", dir.toString());
        assertEquals(0, r.code(), r.err());
        String out = r.out();
        // part one: the thesis' case from the composed models, against Table 5.3 (docs/fft2d.md)
        assertTrue(out.contains("tp_sync.f: task parallel, lock step (Fig. 6.3)"), out);
        assertTrue(out.contains("against reference data (error = (lcm - reference) / reference):"), out);
        // with the KSR1 machine file: tp_sync.f 88.175 s against Table 5.3's 133.15 s at n = 1024 (-33.8 %), dp.f
        // 87.926 s against 87.921 s (+0.0 %): the verdict agrees with the thesis at n = 1024 only
        assertTrue(out.matches("(?s).*\\n     n = 1024 +88\\.175 +133\\.15 +-33\\.8 %.*"), out);
        assertTrue(out.matches("(?s).*\\n     n = 1024 +87\\.926 +87\\.921 +\\+0\\.0 %.*"), out);
        assertTrue(out.contains("the reference finds dp.f faster at 5 of 5 points; lcm agrees at 1 of 5 (n = 1024)"),
                out);
        assertTrue(out.contains("Why, at n = 1024, p = 26: dp.f has "), out);
        // part two: the task parallel runs at p <= 4 of the 16-processor data fitted, the data parallel program
        // predicted at p = 8 and 16 against its own runs
        String tp = Files.readString(dir.resolve("Fft2dTp.java"));
        String dp = Files.readString(dir.resolve("Fft2dDp.java"));
        assertTrue(Files.readString(dir.resolve("java_tp.pp")).contains("16 processors"), "the 16-processor runs");
        assertTrue(count(dp, "//@lcm model:") >= 5, dp);
        assertTrue(count(tp, "//@lcm model:") >= 5, tp);
        assertEquals(0, count(dp, "//@lcm model: cl"), "only what the runs measure: " + dp);
        assertTrue(out.contains("Fft2dTp.java measured at p = 1, 2 and 4 (33 runs)"), out);
        assertTrue(out.contains("4. Fft2dDp.java predicted at p = 8 and 16, against its measured runs"), out);
        // eight points: n = 256 .. 2048 at p = 8 and 16, each with its interval, spread and load
        assertEquals(8, out.lines().filter(l -> l.matches(" +(256|512|1024|2048) +(8|16) +[0-9.]+ +[0-9.-]+ \\.\\. "
                + "[0-9.]+ .*")).count(), out);
        assertTrue(out.matches("(?s).*\\n90 % intervals from the models' error \\(run-to-run noise \\+-[0-9.]+ % a run, the "
                + "measured structure's own error \\+-[0-9.]+ %, extrapolation in p \\+-[0-9.]+ % per doubling beyond p = 4\\): .*"),
                out);
        assertTrue(out.contains("is Fft2dDp.java faster than Fft2dTp.java?"), out);
        assertTrue(out.matches("(?s).*verdict right at \\d of 3 points where the measured structures differ by more "
                + "than 10 %.*"), out);
        // the naive answers from the runs fitted (p <= 4): A's time at p = 8 and 16 was not among them; A's time at
        // p = 4 scaled by 4 / p is given at all 8 points
        assertTrue(out.contains("  B takes A's time (A's measured time at the point): 0 of 8 points (A's runs the fit "
                + "uses have none at the points it needs): no figure"), out);
        assertTrue(out.matches("(?s).*\\n  perfect scaling from A's largest p \\(A's time at p = 4 x 4 / p\\): 8 of 8 "
                + "points, median \\|error\\| [0-9.]+ %, max \\|error\\| [0-9.]+ %; lcm [0-9.]+ %: lcm (beats|does not beat) "
                + "it\\n.*"), out);
        assertTrue(out.contains("Naive answer \"perfect scaling from A's largest p (A's time at p = 4 x 4 / p)\": median "),
                out);
        // the summary repeats the table's figures
        String table = out.substring(out.indexOf("8 points: median |error| "));
        String median = table.substring("8 points: median |error| ".length(), table.indexOf(" %"));
        assertTrue(out.contains("is off by " + median + " % (median)"), out);
        for (String f : List.of("demo.md", "validate.png")) {
            assertTrue(Files.size(dir.resolve("report").resolve(f)) > 100, f);
        }
        String md = Files.readString(dir.resolve("report/demo.md"));
        assertTrue(md.contains("![predicted and measured time](validate.png)"), md);
        assertTrue(md.contains("## The thesis' case: tp_sync.f and dp.f on the KSR1, p = 26"), md);
        // it ends with lcm explore's top three from tp.f alone: the program as it is (83.013 s on the KSR1 at n = 1024,
        // p = 26) and the data parallel structure of dp.f among the restructurings
        String explored = out.substring(out.indexOf("5. What to try next: lcm explore on tp.f alone"));
        assertTrue(explored.matches("(?s).*\\n0 +1 +83\\.013 .*as it is\\n.*"), explored);
        assertTrue(explored.contains("tasks-to-loop main:12 (tp.f:12)"), explored);
        assertTrue(md.contains("## What to try next: lcm explore on tp.f"), md);
    }

    @Test
    void aFolderThatIsNotEmptyIsRefused(@TempDir Path tmp) throws Exception {
        Files.writeString(tmp.resolve("x"), "x");
        CliRun r = CliRun.of("demo", "--out", tmp.toString());
        assertEquals(2, r.code());
        assertEquals("lcm: --out " + tmp + ": the folder is not empty\n", r.err());
    }

    private static int count(String text, String what) {
        return text.split(Pattern.quote(what), -1).length - 1;
    }
}
