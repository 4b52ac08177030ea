package lcm.trace;

import lcm.expr.NumberText;
import java.io.PrintWriter;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Writes the predicted trace in the {@code .mpt} format that {@link MessageTraceReader} reads:
 * one line per compute, send, receive or collective interval (a barrier is a collective), with
 * its predicted begin and end; names with blanks are quoted. A post and the wait it released
 * are a message of 0 bytes from the poster to the waiter, tagged with the post's name (the
 * work before each is a compute line); a post that no wait takes is a comment. Lines are
 * written as the engine fixes them (roughly in time order; each task's lines in order), except
 * that a post or wait waits for its partner to be known (the other's task is its peer), and
 * the later lines of its task wait behind it.
 */
public final class MessageTraceWriter implements EventSink {

    /** A post or wait whose partner is not known yet; {@code peer} is set when it is. */
    private static final class Half {
        final int task;
        final boolean send;
        final String name;
        final double begin;
        final double end;
        String peer;

        Half(int task, boolean send, String name, double begin, double end) {
            this.task = task;
            this.send = send;
            this.name = name;
            this.begin = begin;
            this.end = end;
        }
    }

    private final PrintWriter out;
    private final List<String> names = new ArrayList<>();
    /** Per task, the lines held behind its first unpaired post or wait (a String or a Half). */
    private final List<ArrayDeque<Object>> held = new ArrayList<>();
    private final Map<String, ArrayDeque<Half>> posts = new HashMap<>();
    private final Map<String, ArrayDeque<Half>> waits = new HashMap<>();

    public MessageTraceWriter(PrintWriter out) {
        this.out = out;
    }

    @Override
    public void start(List<String> taskNames, List<Double> starts) {
        names.addAll(taskNames);
        for (int t = 0; t < taskNames.size(); t++) {
            held.add(new ArrayDeque<>());
        }
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
                    line(task, name + " compute " + span + " fragment=" + LineFields.quoted(step.fragment()));
                }
            }
            case SEND, RECV -> {
                if (step.info() instanceof Message m) {
                    boolean send = step.kind() == Step.Kind.SEND;
                    line(task, name + (send ? " send " : " recv ") + span + (send ? " to=" + m.to() : " from=" + m.from())
                            + " size=" + m.size() + " tag=" + m.tag() + (!send && m.wildcard() ? " wildcard" : ""));
                } else {
                    line(task, "# " + name + " " + step.describe() + " " + span);
                }
            }
            case BARRIER -> {
                double arrival = workStart + step.work();
                if (step.work() > 0) {
                    line(task, name + " compute " + NumberText.text(workStart) + " " + NumberText.text(arrival) + " fragment="
                            + LineFields.quoted(step.fragment()));
                }
                line(task, name + " collective " + NumberText.text(arrival) + " " + NumberText.text(time) + " name="
                        + LineFields.quoted(collectiveName(step.name())));
            }
            case POST, WAIT -> {
                double arrival = workStart + step.work();
                if (arrival > workStart) {
                    line(task, name + " compute " + NumberText.text(workStart) + " " + NumberText.text(arrival) + " fragment="
                            + LineFields.quoted(step.fragment()));
                }
                Half h = new Half(task, step.kind() == Step.Kind.POST, step.name(), arrival, time);
                held.get(task).add(h);
                (h.send ? posts : waits).computeIfAbsent(h.name, k -> new ArrayDeque<>()).add(h);
                pair(h.name);
            }
        }
    }

    /** {@code MPI_Allreduce #3} is the third {@code MPI_Allreduce}: the reader counts them again. */
    private static String collectiveName(String key) {
        int hash = key.lastIndexOf(" #");
        return hash > 0 && key.substring(hash + 2).matches("[0-9]+") ? key.substring(0, hash) : key;
    }

    /** A line of {@code task}: written now, unless the task has lines held. */
    private void line(int task, String text) {
        ArrayDeque<Object> q = held.get(task);
        if (q.isEmpty()) {
            out.println(text);
        } else {
            q.add(text);
        }
    }

    /** A post and the wait it released, first posted, first taken (as the engine pairs them). */
    private void pair(String name) {
        ArrayDeque<Half> p = posts.get(name);
        ArrayDeque<Half> w = waits.get(name);
        while (p != null && w != null && !p.isEmpty() && !w.isEmpty()) {
            Half post = p.poll();
            Half wait = w.poll();
            post.peer = names.get(wait.task);
            wait.peer = names.get(post.task);
            release(post.task);
            release(wait.task);
        }
        if (p != null && p.isEmpty()) {
            posts.remove(name);
        }
        if (w != null && w.isEmpty()) {
            waits.remove(name);
        }
    }

    /** Writes the task's held lines up to its first post or wait still unpaired. */
    private void release(int task) {
        ArrayDeque<Object> q = held.get(task);
        while (!q.isEmpty() && !(q.peek() instanceof Half h && h.peer == null)) {
            out.println(text(q.poll()));
        }
    }

    private String text(Object held) {
        if (!(held instanceof Half h)) {
            return (String) held;
        }
        String name = names.get(h.task);
        String span = NumberText.text(h.begin) + " " + NumberText.text(h.end);
        if (h.peer == null) {
            return "# " + name + (h.send ? " post " : " wait ") + h.name + " " + span + (h.send ? " (no wait took it)" : " (no post released it)");
        }
        return name + (h.send ? " send " : " recv ") + span + (h.send ? " to=" : " from=") + h.peer + " size=0 tag="
                + LineFields.quoted(h.name);
    }

    @Override
    public void end(double length) {
        for (ArrayDeque<Object> q : held) {
            while (!q.isEmpty()) {
                out.println(text(q.poll()));
            }
        }
        out.println("# length " + NumberText.text(length));
        out.flush();
    }
}
