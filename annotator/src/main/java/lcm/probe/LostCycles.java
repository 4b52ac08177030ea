package lcm.probe;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.LongFunction;

/**
 * Turns probe events into lost-cycle categories per fragment execution (docs/measure.md), the
 * thesis' per-processor accounting: at every instant each of the p processors is busy, waiting
 * (sl) or idle, and idle time is li while some open execution has unfinished parallel work
 * (Work_Exists) and ip while none has.
 *
 * <p>One sweep over the sorted event times. In each span between two events: threads busy for an
 * execution add to its pc (if more threads are busy than there are processors, each counts
 * p / that many), threads waiting to its sl, as far as processors are left (a waiting thread
 * whose processor runs another thread loses no processor time); the idle processors go to the open executions
 * with parallel work as li, or, when none has any, to all open executions as ip, in equal shares.
 * Threads working for code outside every measured fragment occupy processors but are charged to
 * no execution. So at every instant inside some fragment the categories of the open executions
 * add up to p, and a fragment that runs alone gets p x its wall time.
 */
public final class LostCycles {

    private LostCycles() {
    }

    /** Categories per execution of a known site (siteTag gives the tag, or null for code that is no fragment). */
    public static List<FragmentCost> account(ProbeEvents events, int p, LongFunction<String> execTag) {
        Map<Long, ProbeEvents.Execution> execs = new HashMap<>();
        for (ProbeEvents.Execution e : events.executions()) {
            if (execTag.apply(e.exec()) != null) {
                execs.put(e.exec(), e);
            }
        }
        // events: time, kind, exec; kinds: 0 open/close execution, 1 phase, 2 busy, 3 wait, 4 task, 5 other
        List<long[]> ev = new ArrayList<>();
        for (ProbeEvents.Execution e : execs.values()) {
            ev.add(new long[] {e.t0(), 0, e.exec(), 1});
            ev.add(new long[] {e.t1(), 0, e.exec(), -1});
        }
        for (ProbeEvents.Span s : events.phases()) {
            if (execs.containsKey(s.exec()) && s.t1() > s.t0()) {
                ev.add(new long[] {s.t0(), 1, s.exec(), 1});
                ev.add(new long[] {s.t1(), 1, s.exec(), -1});
            }
        }
        for (ProbeEvents.Interval i : events.intervals()) {
            if (i.t1() <= i.t0()) {
                continue;
            }
            boolean known = execs.containsKey(i.exec());
            int kind = !known ? 5 : i.busy() ? 2 : 3;
            ev.add(new long[] {i.t0(), kind, i.exec(), 1});
            ev.add(new long[] {i.t1(), kind, i.exec(), -1});
            if (known && i.inTask()) {
                ev.add(new long[] {i.t0(), 4, i.exec(), 1});
                ev.add(new long[] {i.t1(), 4, i.exec(), -1});
            }
        }
        ev.sort((a, b) -> Long.compare(a[0], b[0]));
        Map<Long, Acc> acc = new HashMap<>();
        for (Long e : execs.keySet()) {
            acc.put(e, new Acc());
        }
        List<Acc> open = new ArrayList<>();
        long other = 0;
        long prev = ev.isEmpty() ? 0 : ev.get(0)[0];
        int k = 0;
        while (k < ev.size()) {
            long t = ev.get(k)[0];
            double dt = (t - prev) * 1e-9;
            if (dt > 0 && !open.isEmpty()) {
                // busy threads take processors first; waiting threads take what is left (a thread
                // waiting on a processor that another thread needs is not that processor's time)
                double busy = other;
                double waiting = 0;
                int working = 0;
                for (Acc a : open) {
                    busy += a.busy;
                    waiting += a.waiting;
                    if (a.phase > 0 || a.tasks > 0) {
                        working++;
                    }
                }
                double busyScale = busy > p ? p / busy : 1.0;
                double left = Math.max(0, p - busy);
                double waitScale = waiting > left ? left / waiting : 1.0;
                double idle = Math.max(0, left - waiting);
                for (Acc a : open) {
                    a.pc += a.busy * busyScale * dt;
                    a.sl += a.waiting * waitScale * dt;
                    if (working > 0) {
                        if (a.phase > 0 || a.tasks > 0) {
                            a.li += idle / working * dt;
                        }
                    } else {
                        a.ip += idle / open.size() * dt;
                    }
                }
            }
            for (; k < ev.size() && ev.get(k)[0] == t; k++) {
                long[] e = ev.get(k);
                int d = (int) e[3];
                if (e[1] == 5) {
                    other += d;
                    continue;
                }
                Acc a = acc.get(e[2]);
                switch ((int) e[1]) {
                    case 0 -> {
                        if (d > 0) {
                            open.add(a);
                        } else {
                            open.remove(a);
                        }
                    }
                    case 1 -> a.phase += d;
                    case 2 -> a.busy += d;
                    case 3 -> a.waiting += d;
                    case 4 -> a.tasks += d;
                    default -> throw new IllegalStateException();
                }
            }
            prev = t;
        }
        List<FragmentCost> costs = new ArrayList<>();
        long origin = execs.values().stream().mapToLong(ProbeEvents.Execution::t0).min().orElse(0);
        ProbeEvents.Execution[] sorted = execs.values().toArray(ProbeEvents.Execution[]::new);
        Arrays.sort(sorted, (a, b) -> a.t0() != b.t0() ? Long.compare(a.t0(), b.t0()) : Long.compare(a.exec(), b.exec()));
        for (ProbeEvents.Execution e : sorted) {
            Acc a = acc.get(e.exec());
            double wall = (e.t1() - e.t0()) * 1e-9;
            double total = a.pc + a.li + a.ip + a.sl;
            int share = wall > 0 ? (int) Math.max(1, Math.round(total / wall)) : p;
            costs.add(new FragmentCost(execTag.apply(e.exec()), e.exec(), (e.t0() - origin) * 1e-9, wall, share, total,
                    a.pc, a.li, a.ip, a.sl));
        }
        return costs;
    }

    private static final class Acc {
        int busy;
        int waiting;
        int phase;
        int tasks;
        double pc;
        double li;
        double ip;
        double sl;
    }
}
