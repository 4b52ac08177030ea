package lcm.probe;

import org.junit.jupiter.api.Test;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * The accounting on events whose answer is worked out by hand (times in seconds, p = 2): widths,
 * nesting, tasks, waits, oversubscribed threads, and the time outside the fragments.
 */
class LostCyclesTest {

    private static final long S = 1_000_000_000L;
    private static final double EPS = 1e-9;

    private final Map<Long, FragmentCost> costs = new HashMap<>();

    private LostCycles sweep(Map<String, Double> widths, String... tags) {
        return new LostCycles(new LostCycles.Setup(2, s -> s < tags.length ? tags[s] : null,
                t -> widths.getOrDefault(t, Double.NaN), 0, null), c -> costs.put(c.exec(), c));
    }

    private void assertCost(long exec, double pc, double li, double ip, double sl, double budget) {
        FragmentCost c = costs.get(exec);
        assertEquals(pc, c.pc(), EPS, "pc of " + exec);
        assertEquals(li, c.li(), EPS, "li of " + exec);
        assertEquals(ip, c.ip(), EPS, "ip of " + exec);
        assertEquals(sl, c.sl(), EPS, "sl of " + exec);
        assertEquals(budget, c.budget(), EPS, "budget of " + exec);
    }

    @Test
    void serialCodeParallelLoopAndNesting() {
        LostCycles s = sweep(Map.of("serial", 1.0, "loop", 2.0, "outer", 2.0, "inner", 1.0),
                "serial", "loop", "outer", "inner");
        // 0-1: serial code (width 1) on thread 1; the other processor is no fragment's
        s.open(0, 1, 0, 0);
        s.thread(0, LostCycles.BUSY, 1, 1);
        s.thread(S, LostCycles.BUSY, 1, -1);
        s.close(S, 1);
        // 1-2: a parallel loop (width 2): thread 1 in the construct, a task on thread 2 for 0.5 s,
        // then one on thread 1 for 0.25 s
        s.open(S, 2, 1, 0);
        s.phase(S, 2, 1);
        s.thread(S, LostCycles.TASK, 2, 1);
        s.thread(S + S / 2, LostCycles.TASK, 2, -1);
        s.thread(S + S / 2, LostCycles.TASK, 2, 1);
        s.thread(S + 3 * S / 4, LostCycles.TASK, 2, -1);
        s.phase(2 * S, 2, -1);
        s.close(2 * S, 2);
        // 2-2.5: main's own code outside every fragment
        s.thread(2 * S, LostCycles.OUTSIDE, 0, 1);
        s.thread(2 * S + S / 2, LostCycles.OUTSIDE, 0, -1);
        // 2.5-4.5: outer (width 2) runs serial code for 1 s, then inner (serial, width 1) for 1 s
        long t = 2 * S + S / 2;
        s.open(t, 3, 2, 0);
        s.thread(t, LostCycles.BUSY, 3, 1);
        s.thread(t + S, LostCycles.BUSY, 3, -1);
        s.open(t + S, 4, 3, 3);
        s.thread(t + S, LostCycles.BUSY, 4, 1);
        s.thread(t + 2 * S, LostCycles.BUSY, 4, -1);
        s.close(t + 2 * S, 4);
        s.close(t + 2 * S, 3);
        LostCycles.Totals totals = s.finish();
        assertCost(1, 1, 0, 0, 0, 1);
        assertCost(2, 0.75, 1.25, 0, 0, 2);
        // outer: its serial second with the other processor idle (ip), then inner's second, in
        // which it holds the one processor inner leaves it, idle without parallel work (ip)
        assertCost(3, 1, 0, 2, 0, 3);
        assertCost(4, 1, 0, 0, 0, 1);
        assertEquals(4.5, totals.time(), EPS);
        // outside: main's half second busy; idle: the serial fragment's other processor for 1 s,
        // and main's other processor for half a second
        assertEquals(0.5, totals.outsideBusy(), EPS);
        assertEquals(1.5, totals.outsideIdle(), EPS);
        double categories = costs.values().stream().mapToDouble(FragmentCost::total).sum();
        assertEquals(2 * 4.5, categories + totals.outsideBusy() + totals.outsideIdle(), EPS);
    }

    @Test
    void twoTasksOfWidthOneWaitsAndTooManyThreads() {
        LostCycles s = sweep(Map.of("a", 1.0, "b", 1.0), "a", "b");
        // two tasks' fragments at once, one processor each; b ends after 1 s, a after 2 s
        s.open(0, 1, 0, 0);
        s.open(0, 2, 1, 0);
        s.thread(0, LostCycles.BUSY, 1, 1);
        s.thread(0, LostCycles.BUSY, 2, 1);
        s.thread(S, LostCycles.BUSY, 2, -1);
        s.close(S, 2);
        // a then waits 0.5 s for a lock held by code in no fragment (a busy thread outside)
        s.thread(S, LostCycles.BUSY, 1, -1);
        s.thread(S, LostCycles.WAIT, 1, 1);
        s.thread(S, LostCycles.OUTSIDE, 0, 1);
        s.thread(S + S / 2, LostCycles.OUTSIDE, 0, -1);
        s.thread(S + S / 2, LostCycles.WAIT, 1, -1);
        // and runs three threads of its own for 0.5 s on the two processors
        s.thread(S + S / 2, LostCycles.BUSY, 1, 1);
        s.thread(S + S / 2, LostCycles.TASK, 1, 2);
        s.thread(2 * S, LostCycles.TASK, 1, -2);
        s.thread(2 * S, LostCycles.BUSY, 1, -1);
        s.close(2 * S, 1);
        LostCycles.Totals totals = s.finish();
        assertCost(2, 1, 0, 0, 0, 1);
        // a: busy 1 s alone, waiting 0.5 s (sl, the processor the outside thread leaves), then
        // three threads on two processors: 2 processor-seconds in 1 of its width's 0.5 s x 1
        assertCost(1, 2, 0, 0, 0.5, 2);
        // outside: the lock holder's 0.5 s; from 1.5 s the processor a's width leaves is in no
        // fragment's width although a's third thread uses it
        assertEquals(0.5, totals.outsideBusy(), EPS);
        assertEquals(0.5, totals.outsideIdle(), EPS);
        double categories = costs.values().stream().mapToDouble(FragmentCost::total).sum();
        // a held more processors than its width gives it (three threads): the run's sum says so
        assertEquals(2 * 2 + 0.5, categories + totals.outsideBusy() + totals.outsideIdle(), EPS);
        List<String> warnings = RunChecks.warnings(List.of(totals("a", 1, costs.get(1L)), totals("b", 1, costs.get(2L))),
                totals, 2, new FragmentSites(List.of()));
        assertEquals(List.of("conservation: the fragments' categories (3.5000 processor-s) and the time outside them "
                + "(1.0000) make 112.5 % of p x the run's time (4.0000); not within 2 %: look at fragment a",
                "fragment a: its categories (2.5000 processor-s) are 125.0 % of what its width 1 held while it ran "
                + "(2.0000): it ran on more processors than composition gives it"), warnings);
    }

    private static FragmentTotals totals(String tag, double width, FragmentCost c) {
        FragmentTotals t = new FragmentTotals(tag, width, c.start());
        t.add(c);
        return t;
    }
}
