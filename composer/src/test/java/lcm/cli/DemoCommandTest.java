package lcm.cli;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@code lcm demo}: the whole walk-through runs in a fresh folder and writes its report. */
class DemoCommandTest {

    @Test
    void theWalkThroughWritesAnnotatedSourcesAndAReportWithPlots(@TempDir Path tmp) throws Exception {
        Path dir = tmp.resolve("demo");
        CliRun r = CliRun.of("demo", "--out", dir.toString());
        assertEquals(0, r.code(), r.err());
        // the copies got their models from the measurements
        String tp = Files.readString(dir.resolve("tp.f"));
        String dp = Files.readString(dir.resolve("dp.f"));
        assertTrue(tp.contains("c*lcm* model: pc = 4.829e-6*n^2*log2(n)"), tp);
        assertEquals(count(tp, "c*lcm* model:"), count(dp, "c*lcm* model:"), "the models move with the code");
        assertEquals(19, count(tp, "c*lcm* model:"));
        // the report folder: the demo's page, the comparison and its plots
        for (String f : List.of("demo.md", "compare.md", "compare.json", "compare.csv", "compare-time.png",
                "compare-time.svg", "compare-map.png", "compare-categories.png", "compare-ratio.png")) {
            assertTrue(Files.size(dir.resolve("report").resolve(f)) > 100, f);
        }
        // the composed times of the fitted models (tp.pp's generating models, measured in the task
        // parallel run): tp.f says its models were measured in dp.f, so the transfer of a(k) between
        // its tasks is added; the data parallel version is faster at n = 1024, p = 26
        double tpTime = time(r.out(), "tp.f (measured in dp.f)");
        double dpTime = time(r.out(), "dp.f");
        assertEquals(85.13, tpTime, 0.02 * 85.13);
        assertEquals(84.47, dpTime, 0.02 * 84.47);
        assertTrue(dpTime < tpTime);
        assertTrue(r.out().contains("transfer of a(k) from cffts to transpose: added"), r.out());
        assertTrue(r.out().contains("Why, at n = 1024, p = 26: dp.f has "), r.out());
        assertTrue(Files.readString(dir.resolve("report/demo.md")).contains("![time against p](compare-time.png)"));
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

    private static double time(String out, String title) {
        Matcher m = Pattern.compile(Pattern.quote(title) + ": T_P = ([0-9.]+) s").matcher(out);
        assertTrue(m.find(), out);
        return Double.parseDouble(m.group(1));
    }
}
