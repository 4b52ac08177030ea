package lcm.trace;

import java.util.Iterator;

/**
 * A task as the engine sees it: a name, the time it starts, and its steps in program order.
 * The engine pulls steps one at a time and keeps none it has finished with, so a stream may
 * be generated or read lazily ({@link TraceBenchmark} generates 10^7 events this way).
 */
public interface TaskStream {

    String name();

    /** When the task's first step starts (0 unless a trace says otherwise). */
    default double start() {
        return 0;
    }

    /** The steps, in program order. Called once per run. */
    Iterator<Step> steps();
}
