package lcm.probe;

import lcm.measure.Measurement;
import lcm.measure.MeasurementFormats;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Each thread's busy time for an execution, on events worked out by hand (p = 2, seconds): the
 * threads that worked, their mean and standard deviation, per execution and pooled per run, in
 * the pp lines and read back.
 */
class ThreadSpreadTest {

    private static final long S = 1_000_000_000L;

    private final List<FragmentCost> costs = new ArrayList<>();

    private LostCycles sweep() {
        return new LostCycles(new LostCycles.Setup(2, s -> s == 0 ? "loop" : null, t -> 2.0, 0, null), costs::add);
    }

    /** A width-2 loop: thread 7 busy a s, thread 9 busy b s, the loop's phase over both. */
    private static void loop(LostCycles s, long t0, long exec, long a, long b) {
        s.open(t0, exec, 0, 0);
        s.phase(t0, exec, 1);
        s.thread(t0, LostCycles.BUSY, exec, 1, 7);
        s.thread(t0, LostCycles.TASK, exec, 1, 9);
        s.thread(t0 + b, LostCycles.TASK, exec, -1, 9);
        s.thread(t0 + a, LostCycles.BUSY, exec, -1, 7);
        s.phase(t0 + a, exec, -1);
        s.close(t0 + a, exec);
    }

    @Test
    void perExecutionAndPooled() {
        LostCycles s = sweep();
        loop(s, 0, 1, 3 * S, S);          // busy 3 and 1: mean 2, sd sqrt(((3-2)^2 + (1-2)^2)/1) = sqrt(2)
        loop(s, 3 * S, 2, 2 * S, 2 * S);  // busy 2 and 2: sd 0
        assertEquals(2, costs.size());
        FragmentCost first = costs.get(0);
        assertEquals(2, first.spread().threads());
        assertEquals(2.0, first.spread().mean(), 1e-12);
        assertEquals(Math.sqrt(2), first.spread().sd(), 1e-12);
        // li = width x (max - mean) for a loop whose threads start together: 2 x (3 - 2) = 2
        assertEquals(2.0, first.li(), 1e-9);
        assertEquals(0.0, costs.get(1).spread().sd(), 1e-12);
        FragmentTotals run = new FragmentTotals("loop", 2, 0);
        costs.forEach(run::add);
        // pooled: sqrt((2 + 0) / 2) = 1
        assertEquals(1.0, run.spread().sd(), 1e-12);
        assertEquals(2.0, run.spread().mean(), 1e-12);
        String line = PpLines.aggregate(run, Map.of("n", "64"), 2);
        assertEquals("tag=loop n=64 procs=2 width=2 execs=2 pc=8 li=2 ip=0 sl=0 wall=5 pc_med=4 li_med=1 ip_med=0 sl_med=0 "
                + "wall_med=2.5 thr=2 tmean=2 tsd=1\n", line);
        assertTrue(PpLines.execution(first, Map.of("n", "64"), 2).endsWith(" wall=3 thr=2 tmean=2 tsd=1.414214\n"));
    }

    @Test
    void unnamedThreadsWriteNoSpreadAndABusySpanStillOpenCountsToTheClose() {
        LostCycles s = sweep();
        s.open(0, 1, 0, 0);
        s.thread(0, LostCycles.BUSY, 1, 1);
        s.thread(S, LostCycles.BUSY, 1, -1);
        s.close(S, 1);
        assertFalse(costs.get(0).spread().known());
        assertFalse(PpLines.execution(costs.get(0), Map.of(), 2).contains("thr="));
        s.open(2 * S, 2, 0, 0);
        s.thread(2 * S, LostCycles.BUSY, 2, 1, 7);
        s.thread(2 * S, LostCycles.TASK, 2, 1, 9);
        s.thread(3 * S, LostCycles.TASK, 2, -1, 9);
        s.close(6 * S, 2); // thread 7 still busy at the close: 4 s
        ThreadSpread t = costs.get(1).spread();
        assertEquals(2, t.threads());
        assertEquals(2.5, t.mean(), 1e-12);
        assertEquals(Math.sqrt(4.5), t.sd(), 1e-12);
    }

    @Test
    void readBackPerRunAsGivenAndPerExecutionPooled(@TempDir Path dir) throws IOException {
        Path f = dir.resolve("spread.pp");
        Files.writeString(f, """
                # run: p = 2 processors; time 1 s (first fragment's start to last fragment's end); command 1 s; n = 64
                tag=loop n=64 procs=2 width=2 pc=1 li=0.5 ip=0 sl=0 wall=1 thr=2 tmean=0.5 tsd=1
                tag=loop n=64 procs=2 width=2 pc=1 li=0.5 ip=0 sl=0 wall=1 thr=2 tmean=0.7 tsd=3
                # run: p = 2 processors; time 1 s (first fragment's start to last fragment's end); command 1 s; n = 64
                tag=loop n=64 procs=2 width=2 execs=4 pc=4 li=2 ip=0 sl=0 wall=4 thr=2 tmean=0.6 tsd=2
                tag=old n=64 procs=2 width=2 execs=4 pc=4 li=2 ip=0 sl=0 wall=4
                """);
        List<Measurement> ms = MeasurementFormats.read(f, java.util.Optional.empty(), new lcm.source.SourceRegistry()).measurements();
        Measurement pooled = ms.stream().filter(m -> m.run() == 0).findFirst().orElseThrow();
        assertEquals(Math.sqrt((1 + 9) / 2.0), pooled.values().get("tsd"), 1e-12);
        assertEquals(0.6, pooled.values().get("tmean"), 1e-12);
        assertEquals(2.0, pooled.values().get("thr"), 1e-12);
        assertFalse(pooled.values().containsKey("tsd_med"));
        Measurement given = ms.stream().filter(m -> m.run() == 1 && m.tag().equals("loop")).findFirst().orElseThrow();
        assertEquals(2.0, given.values().get("tsd"), 1e-12);
        assertEquals(0.5, given.values().get("li"), 1e-12);
        Measurement old = ms.stream().filter(m -> m.tag().equals("old")).findFirst().orElseThrow();
        assertFalse(old.has("tsd"));
        assertEquals(List.of("n"), MeasurementFormats.read(f, java.util.Optional.empty(), new lcm.source.SourceRegistry()).variables().stream()
                .filter(v -> !v.equals("p")).toList());
    }
}
