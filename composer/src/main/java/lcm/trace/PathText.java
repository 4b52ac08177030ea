package lcm.trace;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import lcm.expr.NumberText;
import lcm.expr.TextColumns;
import java.util.List;

/**
 * The text form of a critical-path report: the length (a duration, in seconds), the path one
 * event a line, then where the time goes: per state and per task the seconds on the path and
 * off it, and the top contributors to the path, ranked.
 */
public final class PathText {

    /** Significant digits of the breakdown's seconds. */
    private static final int SHORT = 6;

    /** Tasks listed one a line; more are summed in one line (the tasks most on the path first). */
    private static final int TASK_ROWS = 16;

    private PathText() {
    }

    public static String render(CriticalPath.Result r) {
        StringBuilder out = new StringBuilder();
        write(r, true, out);
        return out.toString();
    }

    /**
     * Writes the report to {@code out}; the path is written one event at a time (it may be long),
     * and left out when {@code withPath} is false.
     */
    public static void write(CriticalPath.Result r, boolean withPath, Appendable sink) {
        try {
            report(r, withPath, sink);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static void report(CriticalPath.Result r, boolean withPath, Appendable sink) throws IOException {
        StringBuilder out = new StringBuilder();
        out.append("length: ").append(NumberText.text(r.length())).append(" s");
        if (r.start() != 0) {
            out.append(" (from ").append(NumberText.text(r.start())).append(" s to ").append(NumberText.text(r.end()))
                    .append(" s on the trace's clock)");
        }
        out.append('\n');
        out.append("events: ").append(r.events()).append(" in ").append(r.tasks()).append(r.tasks() == 1 ? " task" : " tasks")
                .append('\n');
        if (withPath) {
            out.append("critical path:\n");
            sink.append(out);
            out.setLength(0);
            int timeWidth = "time (s)".length();
            int taskWidth = "task".length();
            for (PathEvent e : r.path()) {
                timeWidth = Math.max(timeWidth, NumberText.text(e.time()).length());
                taskWidth = Math.max(taskWidth, e.task().length());
            }
            String format = "  %-" + timeWidth + "s  %-" + taskWidth + "s  %s";
            sink.append(String.format(format, "time (s)", "task", "event").stripTrailing()).append('\n');
            for (PathEvent e : r.path()) {
                sink.append(String.format(format, NumberText.text(e.time()), e.task(), e.event()).stripTrailing()).append('\n');
            }
        } else {
            out.append("critical path: ").append(r.path().size()).append(" events (not listed)\n");
        }
        if (!r.path().isEmpty() && r.path().get(0).time() > r.start()) {
            out.append("  (the path starts ").append(NumberText.digits(r.path().get(0).time() - r.start(), SHORT))
                    .append(" s after the first task starts: its first task starts late)\n");
        }
        PathSummary s = r.summary();
        if (s == null) {
            sink.append(out);
            return;
        }
        double length = r.length();
        out.append("time by state (s):\n");
        table(out, rows(s.byState(), "state", length));
        out.append("time by task (s):\n");
        List<PathSummary.Row> tasks = s.byTask();
        if (tasks.size() > TASK_ROWS) {
            // many tasks: the ones most on the path, then the rest in one line
            List<PathSummary.Row> sorted = new ArrayList<>(tasks);
            sorted.sort((x, y) -> Double.compare(y.onPath(), x.onPath()));
            List<PathSummary.Row> shown = sorted.subList(0, TASK_ROWS);
            double on = 0;
            double off = 0;
            for (PathSummary.Row row : sorted.subList(TASK_ROWS, sorted.size())) {
                on += row.onPath();
                off += row.offPath();
            }
            table(out, rows(shown, "task", length));
            out.append("  (").append(tasks.size() - TASK_ROWS).append(" other tasks: ").append(NumberText.digits(on, SHORT))
                    .append(" s on the path, ").append(NumberText.digits(off, SHORT)).append(" s off it; --format json lists all)\n");
        } else {
            table(out, rows(tasks, "task", length));
        }
        if (!s.top().isEmpty()) {
            out.append("top contributors to the path:\n");
            List<String[]> top = new ArrayList<>();
            top.add(new String[] {"rank", "task", "state", "seconds", "of length"});
            int rank = 1;
            for (PathSummary.Contributor c : s.top()) {
                top.add(new String[] {Integer.toString(rank++), c.task(), c.label() + " (" + c.category().word() + ")",
                        NumberText.digits(c.seconds(), SHORT), percent(c.seconds(), length)});
            }
            table(out, top);
        }
        sink.append(out);
    }

    private static List<String[]> rows(List<PathSummary.Row> in, String what, double length) {
        List<String[]> rows = new ArrayList<>();
        rows.add(new String[] {what, "on path", "of length", "off path"});
        for (PathSummary.Row row : in) {
            rows.add(new String[] {row.name(), NumberText.digits(row.onPath(), SHORT), percent(row.onPath(), length),
                    NumberText.digits(row.offPath(), SHORT)});
        }
        return rows;
    }

    static String percent(double part, double whole) {
        return whole > 0 ? NumberText.percent(part / whole) : "n/a";
    }

    /** Left-aligned columns, two blanks apart, indented by two. */
    private static void table(StringBuilder out, List<String[]> rows) {
        TextColumns.append(out, rows, "  ");
    }
}
