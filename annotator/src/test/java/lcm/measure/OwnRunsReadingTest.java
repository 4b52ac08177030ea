package lcm.measure;

import lcm.fit.CandidateTable;
import lcm.fit.FitRequest;
import lcm.fit.FitResult;
import lcm.fit.FitSelection;
import lcm.fit.ModelFitter;
import lcm.source.Diagnostic;
import lcm.source.DiagnosticRenderer;
import lcm.source.SourceRegistry;
import lcm.source.UserError;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.TreeSet;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Files without run headers, each row a run of its own (docs/fitting.md, "Run-heavy files"): at
 * most 256 rows of a fragment at a point are kept, as runs of headers are; up to that, every row.
 */
class OwnRunsReadingTest {

    @TempDir
    Path dir;

    /**
     * A CSV file of tag a at p = 4: {@code first} rows at n = 64, row r (from 0) with
     * pc = 1e-9 n^2 (1 + 0.01 (r mod 4)), then 4 rows so at each of n = 128, 256, 512, 1024.
     */
    private static String csv(int first) {
        StringBuilder s = new StringBuilder("tag,n,p,pc\n");
        for (int r = 0; r < first; r++) {
            s.append(row(64, r));
        }
        for (int n = 128; n <= 1024; n *= 2) {
            for (int r = 0; r < 4; r++) {
                s.append(row(n, r));
            }
        }
        return s.toString();
    }

    private static String row(int n, int r) {
        return "a," + n + ",4," + 1e-9 * n * n * (1 + 0.01 * (r % 4)) + "\n";
    }

    private MeasurementSet read(String name, String text) throws IOException {
        return MeasurementFormats.read(Files.writeString(dir.resolve(name), text), Optional.empty(), new SourceRegistry());
    }

    private static FitResult fit(MeasurementSet data, String tag) {
        FitRequest request = FitSelection.resolve(data, "tag=" + tag, "pc", "n", new SourceRegistry()).request(List.of(), false);
        return new ModelFitter(CandidateTable.defaults()).fit(request);
    }

    @Test
    void aCsvFileOf300RowsAtAPointIsFittedFrom256OfThemAndSaysSo() throws IOException {
        MeasurementSet set = read("many.csv", csv(300));
        Path f = dir.resolve("many.csv");
        assertEquals(List.of(f + ":2: a point has more runs than lcm keeps (256 a point): a at n = 64, p = 4 (pc): 300 runs; "
                + "it is fitted, resampled and summarised from a uniform sample of 256 of its runs"), set.notes());
        assertEquals(256 + 16, set.size());
        assertEquals(256 + 16, set.runs());
        // the kept rows come in file order, and rows past the first 256 are among them
        TreeSet<Integer> lines = new TreeSet<>();
        int last = 0;
        for (Measurement m : set.measurements()) {
            assertTrue(m.at().line() > last, "file order at line " + m.at().line());
            last = m.at().line();
            lines.add(last);
        }
        assertEquals(256, lines.headSet(302).size(), "256 of the 300 rows at n = 64 (lines 2 .. 301)");
        assertTrue(lines.headSet(302).last() > 257, "a row past the first 256 is kept: " + lines.headSet(302).last());
        FitResult r = fit(set, "a");
        assertEquals(256, r.series().reps(0));
        assertEquals(4, r.series().reps(1));
        assertEquals("k1*n^2", r.best().orElseThrow().candidate().text());
    }

    @Test
    void aCsvFileOf256RowsAtAPointIsReadWholeWithoutAWarning() throws IOException {
        MeasurementSet set = read("full.csv", csv(256));
        assertEquals(List.of(), set.notes());
        assertEquals(256 + 16, set.size());
        for (int i = 0; i < set.size(); i++) {
            assertEquals(i + 2, set.measurements().get(i).at().line(), "every row, in file order");
        }
        FitResult r = fit(set, "a");
        assertEquals(256, r.series().reps(0));
        // by hand: 64 rows each at 1, 1.01, 1.02 and 1.03 times 1e-9 x 64^2 = 4.096e-6: centre 1.015 x that
        assertEquals(4.096e-6 * 1.015, r.series().centre(0), 1e-15);
        assertEquals("k1*n^2", r.best().orElseThrow().candidate().text());
    }

    @Test
    void ppLinesOutsideRunsUpToTheBoundAreReadAndFittedAsWithoutABound() {
        StringBuilder s = new StringBuilder();
        for (int n = 64; n <= 1024; n *= 2) {
            for (int r = 0; r < 256; r++) {
                s.append("tag=w n=").append(n).append(" p=1 pc=").append(1e-9 * n * n * (1 + 0.01 * (r % 4))).append('\n');
            }
        }
        MeasurementSet bounded = RunHeavyReadingTest.read(s.toString(), 256);
        MeasurementSet all = RunHeavyReadingTest.read(s.toString(), Integer.MAX_VALUE);
        assertEquals(List.of(), bounded.notes());
        assertEquals(5 * 256, bounded.size());
        assertEquals(all.measurements(), bounded.measurements());
        FitResult a = fit(bounded, "w");
        FitResult b = fit(all, "w");
        assertEquals(b.best().orElseThrow().coefficients(), a.best().orElseThrow().coefficients());
        assertEquals(1.048576e-3 * 1.015, a.series().centre(4), 1e-12);
        // one line more at n = 64: that point is sampled, 256 of its 257 lines
        MeasurementSet over = RunHeavyReadingTest.read("tag=w n=64 p=1 pc=1\n" + s, 256);
        assertEquals(5 * 256, over.size());
        assertEquals(List.of("r.pp:1: a point has more runs than lcm keeps (256 a point): w at n = 64, p = 1 (pc): 257 runs; "
                + "it is fitted, resampled and summarised from a uniform sample of 256 of its runs"), over.notes());
    }

    @Test
    void aBadNumberInARowTheSampleLeavesOutIsStillAnErrorAtItsColumn() throws IOException {
        // 300 rows at n = 64: the row on line 291 is past the first 256, where rows are drawn
        String[] lines = csv(300).split("\n");
        lines[290] = "a,64,4,1.2.3";
        Path f = Files.writeString(dir.resolve("bad.csv"), String.join("\n", lines) + "\n");
        SourceRegistry sources = new SourceRegistry();
        UserError e = assertThrows(UserError.class, () -> MeasurementFormats.read(f, Optional.empty(), sources));
        assertEquals(List.of(f + ":291:8: bad value '1.2.3' in column 'pc': expected a number"),
                e.diagnostics().stream().map(Diagnostic::headline).toList());
        String shown = new DiagnosticRenderer(sources).render(e.diagnostics());
        // the row, indented by two, and a caret under column 8
        assertTrue(shown.contains("\n  a,64,4,1.2.3\n" + " ".repeat(2 + 7) + "^"), shown);
    }

    @Test
    void anExtraPRegionIsSampledPerMetricAndPoint() throws IOException {
        String many = " 1".repeat(150) + " 2".repeat(150);
        MeasurementSet set = read("r.extrap", "PARAMETER n\nPOINTS 1 2\nREGION r\nMETRIC time\nDATA" + many + "\nDATA 5 6 7\n"
                + "METRIC visits\nDATA" + many + "\nDATA 8 9\n");
        Path f = dir.resolve("r.extrap");
        assertEquals(List.of(f + ":5: 2 points have more runs than lcm keeps (256 a point): r at n = 1 (time): 300 runs; "
                + "r at n = 1 (visits): 300 runs; each is fitted, resampled and summarised from a uniform sample of 256 of its runs"),
                set.notes());
        assertEquals(256 + 3 + 256 + 2, set.size());
        assertEquals(256, set.measurements().stream().filter(m -> m.has("time") && m.value("n").getAsDouble() == 1).count());
        assertEquals(256, set.measurements().stream().filter(m -> m.has("visits") && m.value("n").getAsDouble() == 1).count());
        // a uniform sample of 150 ones and 150 twos: both are in it, about half each
        long ones = set.measurements().stream().filter(m -> m.has("time") && m.value("time").getAsDouble() == 1).count();
        assertTrue(ones > 100 && ones < 156, "ones kept " + ones);
    }
}
