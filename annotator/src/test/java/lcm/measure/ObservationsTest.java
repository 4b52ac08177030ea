package lcm.measure;

import lcm.source.Diagnostic;
import lcm.source.Diagnostics;
import lcm.source.SourceRegistry;
import lcm.source.SourceText;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The executions of a fragment in one run are one observation (docs/fitting.md, "Observations"). */
class ObservationsTest {

    private static MeasurementSet read(String text) {
        Diagnostics d = new Diagnostics();
        MeasurementSet set = new PpLineReader().read(SourceText.of(Path.of("r.pp"), text), d);
        assertEquals(List.of(), d.sorted().stream().map(Diagnostic::headline).toList());
        return set;
    }

    @Test
    void oldPerExecutionLinesBecomeOneObservationPerFragmentAndRun() {
        MeasurementSet set = read("""
                # lcm measure 2026-11-27T02:13:49Z: java Fft2dTp
                # run: p = 16 processors; time 0.036737 s (first fragment's start to last fragment's end); command 0.620 s; n = 256
                tag=cffts n=256 p=16 pc=0.002 li=0.004 ip=0 sl=0
                tag=cffts n=256 p=7 pc=0.001 li=0.002 ip=0 sl=0
                tag=transpose n=256 p=9 pc=0.5 li=0.002 ip=0 sl=0
                tag=cffts n=256 p=12 pc=0.030 li=0.003 ip=0 sl=0
                # run: p = 2 processors; time 0.1 s (...); command 0.7 s; n = 512
                tag=cffts n=512 p=2 pc=0.008 li=0.001 ip=0 sl=0
                """);
        assertEquals(3, set.size());
        assertEquals(List.of("n", "p"), set.variables());
        Measurement cffts = set.measurements().get(0);
        assertEquals("cffts", cffts.tag());
        assertEquals(0, cffts.run());
        assertEquals(16, cffts.value("p").getAsDouble(), "p is the run's processors, not the share of a line");
        assertEquals(16, cffts.value("procs").getAsDouble());
        assertEquals(3, cffts.executions());
        assertEquals(0.011, cffts.value("pc").getAsDouble(), 1e-12, "the mean per execution in the run");
        assertEquals(0.002, cffts.value("pc_med").getAsDouble(), 1e-12, "the median per execution in the run");
        assertEquals(0.003, cffts.value("li").getAsDouble(), 1e-12);
        assertEquals("r.pp:3:1", cffts.at().toString());
        Measurement transpose = set.measurements().get(1);
        assertEquals(1, transpose.executions());
        Measurement second = set.measurements().get(2);
        assertEquals(1, second.run());
        assertEquals(2, second.value("p").getAsDouble());
        assertEquals(512, second.value("n").getAsDouble());
        assertEquals(2, set.runs());
        assertEquals(5, set.executions());
    }

    @Test
    void perRunAggregatesAreObservationsAsTheyStand() {
        MeasurementSet set = read("""
                # run: p = 4 processors; time 1.5 s (...); command 2 s; n = 256
                tag=cffts n=256 procs=4 width=2 execs=64 pc=0.128 li=0.0064 ip=0 sl=0.0011 pc_med=0.00191 li_med=0.00018 ip_med=0 sl_med=1.7e-05
                tag=main n=256 procs=4 width=1 execs=1 pc=0.5 li=0 ip=1.5 sl=0 pc_med=0.5 li_med=0 ip_med=1.5 sl_med=0
                """);
        Measurement m = set.measurements().get(0);
        assertEquals(2, m.value("p").getAsDouble(), "p is the fragment's width");
        assertEquals(4, m.value("procs").getAsDouble());
        assertEquals(64, m.executions());
        assertEquals(0.002, m.value("pc").getAsDouble(), 1e-15, "the sum over the run per execution");
        assertEquals(0.00191, m.value("pc_med").getAsDouble());
        assertEquals(List.of("n", "p"), set.variables());
        assertEquals(0, m.run());
        assertEquals(1.5, set.measurements().get(1).value("ip").getAsDouble());
    }

    @Test
    void newPerExecutionLinesAreGroupedByWidth() {
        MeasurementSet set = read("""
                # run: p = 4 processors; time 1.5 s (...); command 2 s; n = 256
                tag=sweep n=256 procs=4 width=2 pc=0.1 li=0
                tag=sweep n=256 procs=4 width=2 pc=0.3 li=0
                tag=serial n=256 procs=4 width=1 pc=0.2 li=0
                """);
        assertEquals(2, set.size());
        Measurement sweep = set.measurements().get(0);
        assertEquals(2, sweep.value("p").getAsDouble());
        assertEquals(0.2, sweep.value("pc").getAsDouble(), 1e-15);
        assertEquals(2, sweep.executions());
        assertEquals(1, set.measurements().get(1).value("p").getAsDouble());
    }

    @Test
    void linesOutsideRunsAreObservationsOfTheirOwn() {
        MeasurementSet set = read("""
                tag=a n=64 p=2 pc=1
                tag=a n=64 p=2 pc=2
                """);
        assertEquals(2, set.size());
        assertEquals(2, set.runs());
        assertEquals(Measurement.OWN_RUN, set.measurements().get(0).run());
        assertEquals(2, set.measurements().get(0).value("p").getAsDouble());
    }

    @Test
    void theBundledRunsGiveOneObservationPerFragmentAndRun(@TempDir Path dir) throws Exception {
        Path file = fixture("fft2d/measured/java_tp.pp");
        MeasurementSet streamed = MeasurementFormats.read(file, Optional.empty(), new SourceRegistry());
        MeasurementSet whole = new PpLineReader().read(SourceText.read(file), new Diagnostics());
        assertEquals(whole.measurements().toString(), streamed.measurements().toString());
        assertEquals(30, streamed.runs());
        // each line of a run stands for the executions its execs= field counts
        long executions = Files.readAllLines(file).stream().filter(l -> l.startsWith("tag="))
                .mapToLong(l -> java.util.Arrays.stream(l.split(" ")).filter(f -> f.startsWith("execs="))
                        .mapToLong(f -> Long.parseLong(f.substring(6))).findFirst().orElse(1)).sum();
        assertEquals(executions, streamed.executions());
        assertEquals(30 * streamed.tags().size(), streamed.size());
    }

    @Test
    void anErrorInAStreamedFileShowsItsLine(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("bad.pp");
        Files.writeString(file, "# run: p = 2 processors; time 1 s (x); command 1 s; n = 64\ntag=a n=64 pc=1\ntag=a n=64 pc=x1\n");
        SourceRegistry sources = new SourceRegistry();
        lcm.source.UserError e = org.junit.jupiter.api.Assertions.assertThrows(lcm.source.UserError.class,
                () -> MeasurementFormats.read(file, Optional.empty(), sources));
        Diagnostic d = e.diagnostics().get(0);
        assertEquals(file + ":3:15: bad value 'x1' for 'pc': expected a number", d.headline());
        assertEquals(Optional.of("tag=a n=64 pc=x1"), sources.line(d.location().orElseThrow()));
    }

    private static Path fixture(String relative) {
        Path p = Path.of("").toAbsolutePath();
        while (p != null && !Files.isDirectory(p.resolve("fixtures"))) {
            p = p.getParent();
        }
        return p.resolve("fixtures").resolve(relative);
    }
}
