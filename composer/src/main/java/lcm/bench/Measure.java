package lcm.bench;

import com.sun.management.GarbageCollectionNotificationInfo;

import javax.management.NotificationEmitter;
import javax.management.openmbean.CompositeData;
import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryUsage;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Supplier;

/**
 * Runs a piece of work several times after warm-up and records each timed run's wall time,
 * process CPU time and the heap's peak. The work's result is kept in a sink so the JIT cannot
 * drop it.
 */
public final class Measure {

    private static volatile Object sink;
    private static final List<MemoryPoolMXBean> HEAP = ManagementFactory.getMemoryPoolMXBeans().stream()
            .filter(p -> p.getType() == MemoryType.HEAP).toList();
    private static final List<String> HEAP_NAMES = HEAP.stream().map(MemoryPoolMXBean::getName).toList();

    private Measure() {
    }

    /**
     * What the last run of {@link #runs} returned. A run's result is dropped before the next run
     * (and the collection before it), so that a run's heap holds one result, not two.
     */
    public static Object lastResult() {
        return sink;
    }

    /** {@code warmups} untimed runs, then {@code runs} timed ones (at least one). */
    public static Sample runs(int warmups, int runs, Supplier<?> work) {
        for (int i = 0; i < warmups; i++) {
            sink = work.get();
        }
        double[] wall = new double[Math.max(1, runs)];
        double[] cpu = new double[wall.length];
        long peak = 0;
        long live = 0;
        for (int i = 0; i < wall.length; i++) {
            sink = null;
            System.gc();
            HEAP.forEach(MemoryPoolMXBean::resetPeakUsage);
            LIVE.set(0);
            long c0 = processCpuNanos();
            long t0 = System.nanoTime();
            sink = work.get();
            wall[i] = (System.nanoTime() - t0) / 1e9;
            long c1 = processCpuNanos();
            cpu[i] = c0 < 0 || c1 < 0 ? Double.NaN : (c1 - c0) / 1e9;
            peak = Math.max(peak, peakHeapBytes());
            // what the run keeps at its end counts too (a run may finish between collections)
            System.gc();
            live = Math.max(live, Math.max(LIVE.get(), usedHeapBytes()));
        }
        return new Sample(wall, cpu, peak, live);
    }

    /** The largest heap in use right after a full collection since the last reset (set by the collectors' notifications). */
    private static final AtomicLong LIVE = new AtomicLong();

    static {
        for (GarbageCollectorMXBean gc : ManagementFactory.getGarbageCollectorMXBeans()) {
            if (gc instanceof NotificationEmitter emitter) {
                emitter.addNotificationListener((notification, handback) -> {
                    if (GarbageCollectionNotificationInfo.GARBAGE_COLLECTION_NOTIFICATION.equals(notification.getType())) {
                        GarbageCollectionNotificationInfo info = GarbageCollectionNotificationInfo.from(
                                (CompositeData) notification.getUserData());
                        if (!info.getGcAction().contains("major")) {
                            // after a young collection the old generation still holds whatever was
                            // promoted and died since: not the live set
                            return;
                        }
                        long after = 0;
                        for (String pool : HEAP_NAMES) {
                            MemoryUsage u = info.getGcInfo().getMemoryUsageAfterGc().get(pool);
                            after += u == null ? 0 : u.getUsed();
                        }
                        LIVE.accumulateAndGet(after, Math::max);
                    }
                }, null, null);
            }
        }
    }

    private static long usedHeapBytes() {
        return HEAP.stream().mapToLong(p -> p.getUsage().getUsed()).sum();
    }

    /** The sum of the heap pools' peaks since the last reset: an upper bound of the true peak. */
    static long peakHeapBytes() {
        return HEAP.stream().mapToLong(p -> p.getPeakUsage().getUsed()).sum();
    }

    /** CPU nanoseconds of this whole process (all threads), or -1. */
    public static long processCpuNanos() {
        if (ManagementFactory.getOperatingSystemMXBean() instanceof com.sun.management.OperatingSystemMXBean os) {
            return os.getProcessCpuTime();
        }
        return -1;
    }

    /** The last result, so a caller can check it. */
    static Object last() {
        return sink;
    }
}
