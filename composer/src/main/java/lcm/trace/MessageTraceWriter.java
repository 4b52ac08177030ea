package lcm.trace;

import lcm.expr.NumberText;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;

/**
 * Writes the predicted trace in the {@code .mpt} format that {@link MessageTraceReader} reads:
 * one line per compute, send or receive interval, with its predicted begin and end. Posts,
 * waits and barriers, which the format has no words for, become comment lines. Lines are
 * written as the engine fixes them (roughly in time order; each task's lines in order).
 */
public final class MessageTraceWriter implements EventSink {

    private final PrintWriter out;
    private final List<String> names = new ArrayList<>();

    public MessageTraceWriter(PrintWriter out) {
        this.out = out;
    }

    @Override
    public void start(List<String> taskNames, List<Double> starts) {
        names.addAll(taskNames);
        out.println("# lcm predicted trace: task event begin end attributes (seconds)");
    }

    @Override
    public void event(int task, Step step, double workStart, double time) {
        String name = names.get(task);
        String span = NumberText.text(workStart) + " " + NumberText.text(time);
        switch (step.kind()) {
            case MARK -> {
                if (time > workStart) {
                    out.println(name + " compute " + span + " fragment=" + step.fragment());
                }
            }
            case SEND, RECV -> {
                if (step.info() instanceof Message m) {
                    boolean send = step.kind() == Step.Kind.SEND;
                    out.println(name + (send ? " send " : " recv ") + span + (send ? " to=" + m.to() : " from=" + m.from())
                            + " size=" + m.size() + " tag=" + m.tag() + (!send && m.wildcard() ? " wildcard" : ""));
                } else {
                    out.println("# " + name + " " + step.describe() + " " + span);
                }
            }
            default -> out.println("# " + name + " " + step.describe() + " " + span
                    + (step.work() > 0 ? " (work " + NumberText.text(step.work()) + ", fragment " + step.fragment() + ")" : ""));
        }
    }

    @Override
    public void end(double length) {
        out.println("# length " + NumberText.text(length));
        out.flush();
    }
}
