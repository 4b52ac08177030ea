package lcm.trace;

import lcm.expr.NumberText;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.util.List;

/**
 * The critical-path benchmark (issue 5 item 8, docs/design.md#performance): 10^7 events over 64 tasks, a
 * nearest-neighbour exchange with a barrier every 1,000 events, generated as it streams.
 * Prints events/s and the peak heap. Run it under {@code -Xmx256m} to see that memory does not
 * grow with the trace: {@code java -Xmx256m -cp lcm.jar lcm.trace.TraceBenchmark}.
 */
public final class TraceBenchmark {

    /** The figures of one run. */
    public record Figures(long events, int tasks, double seconds, double eventsPerSecond, long peakHeapBytes,
                          double length, int pathEvents) {

        public String line() {
            return "critical path: " + NumberText.count(events) + " events over " + tasks + " tasks in "
                    + NumberText.fixed(seconds, 2) + " s: " + NumberText.count(Math.round(eventsPerSecond))
                    + " events/s, peak heap " + NumberText.fixed(peakHeapBytes / 1048576.0, 1) + " MB, predicted length "
                    + NumberText.text(length) + " s, " + pathEvents + " events on the path";
        }
    }

    private TraceBenchmark() {
    }

    /** The docs/design.md#performance figure: 10^7 events, 64 tasks, a barrier every 1,000 events. */
    public static Figures run() {
        return run(10_000_000L, 64, 1000);
    }

    public static Figures run(long events, int tasks, int barrierEvery) {
        List<TaskStream> program = NeighbourExchange.program(events, tasks, barrierEvery);
        List<MemoryPoolMXBean> heap = ManagementFactory.getMemoryPoolMXBeans().stream()
                .filter(p -> p.getType() == MemoryType.HEAP).toList();
        System.gc();
        heap.forEach(MemoryPoolMXBean::resetPeakUsage);
        long t0 = System.nanoTime();
        CriticalPath.Result r = CriticalPath.of(program);
        double seconds = (System.nanoTime() - t0) / 1e9;
        int pathEvents = r.path().size();
        r.close();
        long peak = heap.stream().mapToLong(p -> p.getPeakUsage().getUsed()).sum();
        return new Figures(r.events(), tasks, seconds, r.events() / seconds, peak, r.length(), pathEvents);
    }

    public static void main(String[] args) {
        long events = args.length > 0 ? Long.parseLong(args[0].replace("_", "")) : 10_000_000L;
        int tasks = args.length > 1 ? Integer.parseInt(args[1]) : 64;
        int barrierEvery = args.length > 2 ? Integer.parseInt(args[2]) : 1000;
        System.out.println(run(events, tasks, barrierEvery).line());
    }
}
