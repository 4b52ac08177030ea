package lcm.trace;

import java.util.List;

/** Hands every engine event to several sinks. */
public record Sinks(List<EventSink> all) implements EventSink {

    public Sinks {
        all = List.copyOf(all);
    }

    public static EventSink of(List<EventSink> sinks) {
        return sinks.isEmpty() ? EventSink.NONE : sinks.size() == 1 ? sinks.get(0) : new Sinks(sinks);
    }

    @Override
    public void start(List<String> taskNames, List<Double> starts) {
        all.forEach(s -> s.start(taskNames, starts));
    }

    @Override
    public void event(int task, Step step, double workStart, double time) {
        for (EventSink s : all) {
            s.event(task, step, workStart, time);
        }
    }

    @Override
    public void end(double length) {
        all.forEach(s -> s.end(length));
    }
}
