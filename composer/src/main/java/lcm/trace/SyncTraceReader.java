package lcm.trace;

import lcm.source.Diagnostics;
import lcm.source.SourceLocation;
import lcm.source.SourceText;
import lcm.source.UserError;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * Reads a synchronization trace (DESIGN 6; docs/traces.md): one event per line,
 * {@code fragment tag, event, name, time relative to the fragment's start}, with
 * {@code event} one of {@code begin}, {@code end}, {@code post}, {@code wait} (and
 * {@code barrier}, an extension). A line {@code task NAME} starts the events of task NAME;
 * a file with no {@code task} line is one task named after the file.
 *
 * <p>Each fragment execution becomes steps whose work is the time between consecutive events
 * of the fragment; fragments of one task run back to back. Times of a wait are positions in
 * the fragment's own work: time spent blocked is not part of them.
 */
public final class SyncTraceReader {

    private static final String EVENTS = "begin, end, post, wait or barrier";

    /** A fragment execution that has begun and not ended. */
    private record Open(String tag, double last, SourceLocation begun) {
    }

    private final SourceText source;
    private final Diagnostics diagnostics = new Diagnostics();
    private final Map<String, TaskProgram.Builder> tasks = new LinkedHashMap<>();
    private final Set<String> fragments = new LinkedHashSet<>();
    private String task;
    private Open open;
    private boolean damaged;

    private SyncTraceReader(SourceText source) {
        this.source = source;
    }

    public static LoadedTrace read(SourceText source) {
        return new SyncTraceReader(source).read();
    }

    private LoadedTrace read() {
        List<String> lines = source.lines();
        for (int i = 0; i < lines.size(); i++) {
            try {
                line(i + 1, lines.get(i));
            } catch (UserError e) {
                diagnostics.addAll(e.diagnostics());
                damaged = open != null; // its end may be the line that failed: do not also say it never ends
            }
        }
        closeTask();
        UserError.throwIfErrors(diagnostics);
        List<TaskStream> out = new ArrayList<>();
        for (TaskProgram.Builder b : tasks.values()) {
            out.add(b.build());
        }
        return new LoadedTrace(out, fragments, diagnostics.warnings());
    }

    private void line(int number, String text) {
        String body = LineFields.uncommented(text).trim();
        if (body.isEmpty()) {
            return;
        }
        if (body.regionMatches(true, 0, "task", 0, 4) && (body.length() == 4 || Character.isWhitespace(body.charAt(4)))) {
            startTask(number, text, body.substring(4).trim());
            return;
        }
        LineFields f = LineFields.commaSeparated(source.path(), number, text, 4);
        if (task == null) {
            startTask(number, text, defaultTaskName());
        }
        String tag = f.text(0);
        String event = f.text(1).toLowerCase(Locale.ROOT);
        String name = f.text(2);
        if (tag.isEmpty()) {
            throw f.error(0, "missing fragment tag");
        }
        double time = f.number(3, "time");
        if (time < 0) {
            throw f.error(3, "negative time " + f.text(3) + ": times are relative to the fragment's start");
        }
        TaskProgram.Builder b = tasks.get(task);
        switch (event) {
            case "begin" -> {
                if (open != null) {
                    throw f.error(1, "'begin' of fragment " + tag + " inside fragment " + open.tag()
                            + ", which began at line " + open.begun().line() + " (fragments do not nest)");
                }
                open = new Open(tag, time, f.at(1));
                damaged = false;
                fragments.add(tag);
                b.step(Step.mark("begin " + tag).withWork(0, tag).at(f.at(1)));
            }
            case "end", "post", "wait", "barrier" -> {
                if (open == null) {
                    throw f.error(1, "'" + event + "' outside a fragment: no 'begin' of " + tag + " before it in task " + task);
                }
                if (!open.tag().equals(tag)) {
                    throw f.error(0, "'" + event + "' of fragment " + tag + " inside fragment " + open.tag()
                            + ", which began at line " + open.begun().line());
                }
                if (time < open.last()) {
                    throw f.error(3, "event out of order: time " + f.text(3) + " is before the previous event of fragment "
                            + tag + " (time " + Num.text(open.last()) + ")");
                }
                double work = time - open.last();
                open = new Open(tag, time, open.begun());
                Step step = switch (event) {
                    case "end" -> {
                        open = null;
                        yield Step.mark("end " + tag);
                    }
                    case "post" -> Step.post(named(f, event, name));
                    case "wait" -> Step.waitFor(named(f, event, name));
                    default -> Step.barrier(named(f, event, name), 0);
                };
                b.step(step.withWork(work, tag).at(f.at(1)));
            }
            default -> throw f.error(1, "unknown event '" + f.text(1) + "' (expected " + EVENTS + ")");
        }
    }

    private static String named(LineFields f, String event, String name) {
        if (name.isEmpty()) {
            throw f.error(2, "'" + event + "' needs a name (for example ready(1))");
        }
        return name;
    }

    private void startTask(int number, String text, String name) {
        closeTask();
        if (name.isEmpty()) {
            throw UserError.at(SourceLocation.of(source.path(), number, 1), "'task' needs a name");
        }
        if (tasks.containsKey(name)) {
            int col = Math.max(1, text.indexOf(name, text.toLowerCase(Locale.ROOT).indexOf("task") + 4) + 1);
            task = name;
            throw UserError.at(SourceLocation.of(source.path(), number, col), "task " + name + " appears twice in this file");
        }
        task = name;
        tasks.put(name, TaskProgram.named(name));
    }

    private void closeTask() {
        if (open != null && !damaged) {
            diagnostics.error(open.begun(), "fragment " + open.tag() + " begins here and never ends (task " + task + ")");
        }
        open = null;
        damaged = false;
    }

    private String defaultTaskName() {
        String file = source.path().getFileName().toString();
        int dot = file.lastIndexOf('.');
        return dot > 0 ? file.substring(0, dot) : file;
    }
}
