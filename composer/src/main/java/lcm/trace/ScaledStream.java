package lcm.trace;

import java.util.Iterator;
import java.util.Set;
import java.util.Spliterator;
import java.util.Spliterators;
import java.util.stream.StreamSupport;

/**
 * A task whose work is rescaled by fragment as it streams through ({@code --scale}). Steps whose
 * fragment is in {@code keep} (for example the send and receive costs of a message trace) keep
 * their work. The steps are rescaled one at a time as the engine pulls them, never held.
 */
public record ScaledStream(TaskStream original, Scales scales, Set<String> keep) implements TaskStream {

    @Override
    public String name() {
        return original.name();
    }

    @Override
    public double start() {
        return original.start();
    }

    @Override
    public Iterator<Step> steps() {
        return StreamSupport.stream(Spliterators.spliteratorUnknownSize(original.steps(), Spliterator.ORDERED), false)
                .map(this::scaled).iterator();
    }

    private Step scaled(Step s) {
        if (s.work() == 0 || keep.contains(s.fragment())) {
            return s;
        }
        double f = scales.factor(s.fragment());
        return f == 1.0 ? s : s.withWork(s.work() * f, s.fragment());
    }
}
