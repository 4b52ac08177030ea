package lcm.measure;

import lcm.fit.FitRequest;
import lcm.fit.FitResult;
import lcm.fit.FitSelection;
import lcm.fit.ModelFitter;
import lcm.fit.CandidateTable;
import lcm.pp.PpReader;
import lcm.probe.MeasuredRuns;
import lcm.source.Diagnostics;
import lcm.source.SourceRegistry;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.TreeSet;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Files with many runs a point (docs/fitting.md, "Run-heavy files"): below the bound of runs kept
 * per point everything is read as before; above it, a uniform sample of the runs.
 */
class RunHeavyReadingTest {

    @TempDir
    Path dir;

    /**
     * {@code runs} runs at each n of {@code ns} (p = 1), each of two per-execution lines of tag w:
     * pc = 1e-9 n^2 (1 + 0.01 (r mod 5)) and the same again, r the run's number at its point.
     */
    private static String file(int[] ns, int runs) {
        StringBuilder s = new StringBuilder();
        for (int n : ns) {
            for (int r = 0; r < runs; r++) {
                double pc = 1e-9 * n * n * (1 + 0.01 * (r % 5));
                s.append("# run: p = 1 processors; time 0.5 s (first fragment's start to last fragment's end); command 1 s; n = ")
                        .append(n).append('\n');
                s.append("tag=w n=").append(n).append(" p=1 pc=").append(pc).append(" li=0\n");
                s.append("tag=w n=").append(n).append(" p=1 pc=").append(pc).append(" li=0\n");
            }
        }
        return s.toString();
    }

    /** {@code text} as the pp file r.pp, at most {@code runsPerPoint} runs kept a point; no errors. */
    static MeasurementSet read(String text, int runsPerPoint) {
        PpRuns runs = new PpRuns(Path.of("r.pp"), runsPerPoint);
        Diagnostics d = new Diagnostics();
        PpReader.read(Path.of("r.pp"), text.lines().toList(), d, runs);
        assertTrue(d.isEmpty(), d.sorted().toString());
        return PpLineReader.set(Path.of("r.pp"), runs);
    }

    private static FitResult fit(MeasurementSet data) {
        FitRequest request = FitSelection.resolve(data, "tag=w", "pc", "n", new SourceRegistry()).request(List.of(), false);
        ModelFitter fitter = new ModelFitter(CandidateTable.defaults());
        return fitter.fit(request);
    }

    @Test
    void belowTheBoundTheFileIsReadAndFittedAsWithEveryRunKept() {
        String text = file(new int[] {64, 128, 256, 512, 1024, 2048}, 20);
        MeasurementSet bounded = read(text, 256);
        MeasurementSet all = read(text, Integer.MAX_VALUE);
        assertEquals(List.of(), bounded.notes());
        assertEquals(120, bounded.runs());
        assertEquals(all.measurements(), bounded.measurements());
        FitResult a = fit(bounded);
        FitResult b = fit(all);
        assertEquals(b.best().orElseThrow().candidate().text(), a.best().orElseThrow().candidate().text());
        assertEquals(b.best().orElseThrow().coefficients(), a.best().orElseThrow().coefficients());
        // by hand: the point n = 1024 has runs at 1 + 0.01 (r mod 5) times 1.048576e-3, r = 0 .. 19: centre 1.02 x that
        assertEquals(20, a.series().reps(4));
        assertEquals(1.048576e-3 * 1.02, a.series().centre(4), 1e-12);
    }

    @Test
    void aboveTheBoundAUniformSampleOfTheRunsIsKeptAndSaid() {
        // one point, 1,000 runs of one execution each, pc = the run's number 1 .. 1000
        StringBuilder s = new StringBuilder();
        for (int r = 1; r <= 1000; r++) {
            s.append("# run: p = 1 processors; time 0.5 s (...); command 1 s; n = 64\n");
            s.append("tag=w n=64 p=1 pc=").append(r).append('\n');
        }
        MeasurementSet set = read(s.toString(), 100);
        assertEquals(100, set.runs());
        assertEquals(100, set.size());
        TreeSet<Double> values = new TreeSet<>();
        int last = -1;
        for (Measurement m : set.measurements()) {
            values.add(m.value("pc").getAsDouble());
            // a run keeps its number, and the kept runs come in file order: run r holds pc = r + 1
            assertTrue(m.run() > last);
            last = m.run();
            assertEquals(m.run() + 1, m.value("pc").getAsDouble());
        }
        assertEquals(100, values.size(), "100 different runs");
        // a uniform sample of 100 of 1 .. 1000: its mean is 500.5 within 3 standard errors,
        // 3 x 288.7 / sqrt(100) x sqrt(900 / 999) = 82
        double mean = values.stream().mapToDouble(Double::doubleValue).average().orElseThrow();
        assertTrue(Math.abs(mean - 500.5) < 82, "mean of the sample " + mean);
        // and it reaches both ends: the runs past the first 100 are in it
        assertTrue(values.last() > 900, "largest " + values.last());
        assertTrue(values.first() < 100, "smallest " + values.first());
        assertEquals(List.of("r.pp:1: a point has more runs than lcm keeps (100 a point): n = 64, p = 1: 1,000 runs; it is "
                + "fitted, resampled and summarised from a uniform sample of 100 of its runs"), set.notes());
    }

    @Test
    void validateKeepsTheSameRunsOfTheirHeadersAsTheFitsOfTheirLines() throws Exception {
        // 300 runs at n = 64 and 10 at n = 128: the first point is sampled (256 of 300), the second read whole
        StringBuilder s = new StringBuilder();
        for (int r = 0; r < 310; r++) {
            int n = r % 31 == 30 ? 128 : 64;
            s.append("# run: p = 1 processors; time ").append(r + 1).append(" s (...); command 1 s; n = ").append(n).append('\n');
            s.append("tag=w n=").append(n).append(" p=1 pc=").append(r + 1).append('\n');
        }
        Path f = dir.resolve("many.pp");
        Files.writeString(f, s.toString());
        SourceRegistry sources = new SourceRegistry();
        MeasurementSet set = MeasurementFormats.read(f, Optional.empty(), sources);
        List<MeasuredRuns.Run> runs = MeasuredRuns.read(f, sources);
        assertEquals(266, runs.size());
        assertEquals(266, set.runs());
        assertEquals(runs.stream().map(MeasuredRuns.Run::index).toList(), set.measurements().stream().map(Measurement::run).toList());
        for (MeasuredRuns.Run r : runs) {
            // the header's time and the line's pc are both the run's number + 1
            assertEquals(r.index() + 1, r.time());
        }
        assertEquals(10, runs.stream().filter(r -> r.point().get("n") == 128).count());
        assertEquals(List.of(f + ":1: a point has more runs than lcm keeps (256 a point): n = 64, p = 1: 300 runs; it is "
                + "fitted, resampled and summarised from a uniform sample of 256 of its runs"), set.notes());
        assertEquals(set.notes(), MeasuredRuns.sampled(f, sources).notes());
    }

    @Test
    void aBadNumberInARunLeftOutIsStillAnErrorAtItsColumn() {
        // 40 runs at one point, of which 2 are kept: the bad values of the others are still errors, located
        StringBuilder s = new StringBuilder();
        for (int r = 0; r < 40; r++) {
            s.append("# run: p = 1 processors; time 0.5 s (...); command 1 s; n = 64\n");
            String pc = r == 20 ? "1.5e" : r == 30 ? "1e999" : r == 35 ? "2" + "0".repeat(400) : "1e-999";
            s.append("tag=w n=64 p=1 pc=").append(pc).append(" li=0\n");
        }
        String text = s.toString();
        PpRuns sampled = new PpRuns(Path.of("r.pp"), 2);
        Diagnostics d = new Diagnostics();
        PpReader.read(Path.of("r.pp"), text.lines().toList(), d, sampled);
        assertEquals(2, PpLineReader.set(Path.of("r.pp"), sampled).runs());
        List<String> errors = d.errors().stream().map(e -> e.headline()).toList();
        // line 42: run 20's line (2 lines a run); its value starts at column 19
        assertEquals(List.of("r.pp:42:19: bad value '1.5e' for 'pc': expected a number",
                "r.pp:62:19: bad value '1e999' for 'pc': number out of range (the largest is about 1.8e308)",
                "r.pp:72:19: bad value '2" + "0".repeat(400) + "' for 'pc': number out of range (the largest is about 1.8e308)"), errors);
        // the same errors as when every run is kept and every value built
        PpRuns all = new PpRuns(Path.of("r.pp"), Integer.MAX_VALUE);
        Diagnostics every = new Diagnostics();
        PpReader.read(Path.of("r.pp"), text.lines().toList(), every, all);
        assertEquals(errors, every.errors().stream().map(e -> e.headline()).toList());
    }

    @Test
    void theObservationsAndTheRunsOfAFileAreReadInOnePassAsInTwo() throws Exception {
        // 300 runs at n = 64 (sampled) and 10 at n = 128; a bad execs in a run left out is still an error
        StringBuilder s = new StringBuilder();
        for (int r = 0; r < 310; r++) {
            int n = r % 31 == 30 ? 128 : 64;
            s.append("# run: p = 1 processors; time ").append(r + 1).append(" s (...); command 1 s; n = ").append(n).append('\n');
            s.append("tag=w n=").append(n).append(" p=1 pc=").append(r + 1).append(" li=").append(0.5 * r).append('\n');
        }
        Path f = dir.resolve("many.pp");
        Files.writeString(f, s.toString());
        SourceRegistry sources = new SourceRegistry();
        MeasuredRuns.Summing summing = MeasuredRuns.summing(f);
        MeasurementSet once = MeasurementFormats.read(f, Optional.empty(), sources, summing);
        MeasuredRuns.Kept runs = summing.kept();
        MeasurementSet set = MeasurementFormats.read(f, Optional.empty(), sources);
        MeasuredRuns.Kept alone = MeasuredRuns.sampled(f, sources);
        assertEquals(set.measurements(), once.measurements());
        assertEquals(alone, runs);
        assertEquals(266, runs.runs().size());
        // by hand: run r's categories are its line's pc = r + 1 and li = r / 2
        for (MeasuredRuns.Run r : runs.runs()) {
            assertEquals(r.index() + 1, r.categories().get("pc"));
            assertEquals(0.5 * r.index(), r.categories().get("li"));
        }
    }

    @Test
    void aBadExecsInARunLeftOutIsStillAnError() {
        StringBuilder s = new StringBuilder();
        for (int r = 0; r < 40; r++) {
            s.append("# run: p = 1 processors; time 0.5 s (...); command 1 s; n = 64\n");
            s.append("tag=w n=64 procs=1 width=1 execs=").append(r == 25 ? "2.5" : "3").append(" pc=3\n");
        }
        PpRuns sampled = new PpRuns(Path.of("r.pp"), 2);
        Diagnostics d = new Diagnostics();
        PpReader.read(Path.of("r.pp"), s.toString().lines().toList(), d, sampled);
        assertEquals(List.of("r.pp:52:1: execs must be a whole number of at least 1, found 2.5"),
                d.errors().stream().map(e -> e.headline()).toList());
    }
}
