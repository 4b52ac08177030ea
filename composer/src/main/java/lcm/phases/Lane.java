package lcm.phases;

import java.util.List;

/** A task (processor) of a timeline and its spans in time order. */
public record Lane(String name, List<Span> spans) {

    public Lane {
        spans = List.copyOf(spans);
    }
}
