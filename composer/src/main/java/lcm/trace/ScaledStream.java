package lcm.trace;

import java.util.Iterator;
import java.util.Set;

/**
 * A task whose work is rescaled by fragment as it streams through ({@code --scale}). Steps whose
 * fragment is in {@code keep} (for example the send and receive costs of a message trace) keep
 * their work.
 */
public record ScaledStream(TaskStream task, Scales scales, Set<String> keep) implements TaskStream {

    @Override
    public String name() {
        return task.name();
    }

    @Override
    public double start() {
        return task.start();
    }

    @Override
    public Iterator<Step> steps() {
        Iterator<Step> in = task.steps();
        return new Iterator<>() {
            @Override
            public boolean hasNext() {
                return in.hasNext();
            }

            @Override
            public Step next() {
                Step s = in.next();
                if (s.work() == 0 || keep.contains(s.fragment())) {
                    return s;
                }
                double f = scales.factor(s.fragment());
                return f == 1.0 ? s : s.withWork(s.work() * f, s.fragment());
            }
        };
    }
}
