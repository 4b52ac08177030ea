package lcm.trace;

import lcm.machine.MachineKey;
import lcm.machine.MachineDescription;
import lcm.expr.NumberText;
import lcm.source.Diagnostic;
import lcm.source.UserError;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.Iterator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.NoSuchElementException;
import java.util.Set;
import java.util.function.BiConsumer;

/**
 * Turns a measured message-passing trace into engine tasks, in one of two ways.
 * <ul>
 * <li>{@link #replay}: as measured. Computation (the fragments' intervals and the gaps between
 *     activities) is scaled by {@code --scale}; a send keeps its duration; a receive waits for
 *     its message and then takes the rest of its measured interval. With no scaling every
 *     event happens at its measured time, so the length is the trace's end.</li>
 * <li>{@link #transform}: Mendes' prediction for another machine (section 4.2): computation
 *     C2 = K * C1 (K by fragment), sends S2 = f2(b) / f1(b) * S1, receives cost R2 = g2(b)
 *     and end at max(begin + R2, end of the send).</li>
 * </ul>
 * In both, a collective operation is a barrier among the tasks that take part in it, followed
 * by its measured rest after the last member arrived ({@link Collectives}).
 * A task starts where its first activity begins; that offset is not scaled.
 */
public final class MessagePrograms {

    /** Fragment label of the time between a task's recorded activities. */
    public static final String GAP = "compute";

    private MessagePrograms() {
    }

    public static LoadedTrace replay(MessageTrace trace, Scales k) {
        Map<String, Double> sendEnds = new HashMap<>();
        for (MessageTrace.Task t : trace.tasks()) {
            for (Interval i : t.intervals()) {
                if (i.kind() == Interval.Kind.SEND) {
                    sendEnds.put(i.message().key(), i.end());
                }
            }
        }
        List<Diagnostic> warnings = new ArrayList<>(trace.warnings());
        for (MessageTrace.Task t : trace.tasks()) {
            for (Interval i : t.intervals()) {
                Double sent = i.kind() == Interval.Kind.RECV ? sendEnds.get(i.message().key()) : null;
                if (sent != null && i.end() < sent) {
                    warnings.add(Diagnostic.warning(i.origin(), "receive of " + i.message().key() + " ends at "
                            + NumberText.text(i.end()) + ", before its send ends (" + NumberText.text(sent)
                            + "): clocks out of step? It is taken to end when the send ends"));
                }
            }
        }
        Collectives collectives = new Collectives(trace.tasks());
        return build(trace, k, warnings, (i, out) -> {
            switch (i.kind()) {
                case COLLECTIVE -> collectives.steps(i, out);
                case SEND -> out.add(Step.send(i.message().key(), i.duration()).withInfo(i.message()).at(i.origin()));
                case RECV -> {
                    // wait for the message, then take the rest of the measured interval
                    out.add(Step.recv(i.message().key(), 0).withInfo(i.message()).at(i.origin()));
                    Double sent = sendEnds.get(i.message().key());
                    double arrived = Math.max(i.begin(), sent == null ? i.begin() : sent);
                    if (i.end() > arrived) {
                        out.add(new Step(Step.Kind.MARK, "received " + i.message().key(), i.end() - arrived, "recv", 0, null,
                                i.origin()));
                    }
                }
                default -> throw new IllegalStateException();
            }
        });
    }

    public static LoadedTrace transform(MessageTrace trace, MachineDescription from, MachineDescription to, Scales k) {
        Collectives collectives = new Collectives(trace.tasks());
        return build(trace, k, new ArrayList<>(trace.warnings()), (i, out) -> {
            if (i.kind() == Interval.Kind.COLLECTIVE) {
                collectives.steps(i, out);
                return;
            }
            long b = i.message().size();
            switch (i.kind()) {
                case SEND -> {
                    double f1 = from.sendTime(b);
                    double f2 = to.sendTime(b);
                    double s1 = i.duration();
                    if (f1 == 0 && s1 > 0) {
                        throw UserError.at(from.get(MachineKey.SEND).get().at(), "send(b) is 0 at b = " + b
                                + ": cannot scale the send at " + i.origin() + " by f2(b)/f1(b)");
                    }
                    double s2 = s1 == 0 ? 0 : f2 / f1 * s1;
                    out.add(Step.send(i.message().key(), s2).withInfo(i.message()).at(i.origin()));
                }
                case RECV -> out.add(Step.recv(i.message().key(), to.receiveTime(b)).withInfo(i.message()).at(i.origin()));
                default -> throw new IllegalStateException();
            }
        });
    }

    private static LoadedTrace build(MessageTrace trace, Scales k, List<Diagnostic> warnings,
                                     BiConsumer<Interval, List<Step>> messages) {
        List<TaskStream> tasks = new ArrayList<>();
        Set<String> fragments = new LinkedHashSet<>();
        fragments.add(GAP);
        for (MessageTrace.Task t : trace.tasks()) {
            for (Interval i : t.intervals()) {
                if (i.kind() == Interval.Kind.COMPUTE) {
                    fragments.add(i.fragment());
                }
            }
            tasks.add(new IntervalStream(t, k, messages));
        }
        return new LoadedTrace(tasks, fragments, warnings);
    }

    /** A task's intervals, turned into steps one interval at a time. */
    private record IntervalStream(MessageTrace.Task task, Scales k, BiConsumer<Interval, List<Step>> messages)
            implements TaskStream {

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
            Iterator<Interval> in = task.intervals().iterator();
            return new Iterator<>() {
                final ArrayDeque<Step> pending = new ArrayDeque<>();
                final List<Step> buffer = new ArrayList<>(2);
                double previousEnd = task.start();

                @Override
                public boolean hasNext() {
                    fill();
                    return !pending.isEmpty();
                }

                @Override
                public Step next() {
                    fill();
                    if (pending.isEmpty()) {
                        throw new NoSuchElementException();
                    }
                    return pending.poll();
                }

                private void fill() {
                    while (pending.isEmpty() && in.hasNext()) {
                        Interval i = in.next();
                        double gap = i.begin() - previousEnd;
                        if (gap > 0) {
                            pending.add(Step.compute(gap * k.factor(GAP), GAP).at(i.origin()));
                        }
                        previousEnd = i.end();
                        if (i.kind() == Interval.Kind.COMPUTE) {
                            pending.add(Step.compute(i.duration() * k.factor(i.fragment()), i.fragment()).at(i.origin()));
                        } else {
                            buffer.clear();
                            messages.accept(i, buffer);
                            pending.addAll(buffer);
                        }
                    }
                }
            };
        }
    }
}
