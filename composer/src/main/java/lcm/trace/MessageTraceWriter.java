package lcm.trace;

import lcm.expr.NumberText;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;

/**
 * Writes the predicted trace in the {@code .mpt} format that {@link MessageTraceReader} reads:
 * one line per compute, send, receive or collective interval (a barrier is a collective), with
 * its predicted begin and end; names with blanks are quoted. Posts and waits, which the format
 * has no words for, become comment lines. Lines are
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
        out.println(MessageTraceReader.TASKS + " " + String.join(" ", taskNames));
    }

    @Override
    public void event(int task, Step step, double workStart, double time) {
        String name = names.get(task);
        String span = NumberText.text(workStart) + " " + NumberText.text(time);
        switch (step.kind()) {
            case MARK -> {
                if (time > workStart) {
                    out.println(name + " compute " + span + " fragment=" + LineFields.quoted(step.fragment()));
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
            case BARRIER -> {
                double arrival = workStart + step.work();
                if (step.work() > 0) {
                    out.println(name + " compute " + NumberText.text(workStart) + " " + NumberText.text(arrival) + " fragment="
                            + LineFields.quoted(step.fragment()));
                }
                out.println(name + " collective " + NumberText.text(arrival) + " " + NumberText.text(time) + " name="
                        + LineFields.quoted(collectiveName(step.name())));
            }
            default -> out.println("# " + name + " " + step.describe() + " " + span
                    + (step.work() > 0 ? " (work " + NumberText.text(step.work()) + ", fragment " + step.fragment() + ")" : ""));
        }
    }

    /** {@code MPI_Allreduce #3} is the third {@code MPI_Allreduce}: the reader counts them again. */
    private static String collectiveName(String key) {
        int hash = key.lastIndexOf(" #");
        return hash > 0 && key.substring(hash + 2).matches("[0-9]+") ? key.substring(0, hash) : key;
    }

    @Override
    public void end(double length) {
        out.println("# length " + NumberText.text(length));
        out.flush();
    }
}
