package lcm.trace;

import java.util.List;

/**
 * Receives every event as the engine fixes its time, so that a predicted trace can be written
 * while it is computed (nothing is stored). Events of one task arrive in program order; events
 * of different tasks arrive roughly, not exactly, in time order.
 */
public interface EventSink {

    EventSink NONE = new EventSink() {
        @Override
        public void event(int task, Step step, double workStart, double time) {
        }
    };

    default void start(List<String> taskNames, List<Double> starts) {
    }

    /**
     * @param workStart when the step's work began; its work ends at {@code workStart + step.work()}
     * @param time      when its event happened (later than the work's end if it had to wait)
     */
    void event(int task, Step step, double workStart, double time);

    default void end(double length) {
    }
}
