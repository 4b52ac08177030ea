package lcm.trace;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The text form of a critical-path report: the length (a duration, in seconds), the path one
 * event a line, then where the time goes: per state and per task the seconds on the path and
 * off it, and the top contributors to the path, ranked.
 */
public final class PathText {

    /** Significant digits of the breakdown's seconds. */
    private static final int SHORT = 6;

    private PathText() {
    }

    public static String render(CriticalPath.Result r) {
        StringBuilder out = new StringBuilder();
        out.append("length: ").append(Num.text(r.length())).append(" s");
        if (r.start() != 0) {
            out.append(" (from ").append(Num.text(r.start())).append(" s to ").append(Num.text(r.end()))
                    .append(" s on the trace's clock)");
        }
        out.append('\n');
        out.append("events: ").append(r.events()).append(" in ").append(r.tasks()).append(r.tasks() == 1 ? " task" : " tasks")
                .append('\n');
        out.append("critical path:\n");
        List<String[]> rows = new ArrayList<>();
        rows.add(new String[] {"time (s)", "task", "event"});
        for (PathEvent e : r.path()) {
            rows.add(new String[] {Num.text(e.time()), e.task(), e.event()});
        }
        table(out, rows);
        if (!r.path().isEmpty() && r.path().get(0).time() > r.start()) {
            out.append("  (the path starts ").append(Num.text(r.path().get(0).time() - r.start(), SHORT))
                    .append(" s after the first task starts: its first task starts late)\n");
        }
        PathSummary s = r.summary();
        if (s == null) {
            return out.toString();
        }
        double length = r.length();
        out.append("time by state (s):\n");
        table(out, rows(s.byState(), "state", length));
        out.append("time by task (s):\n");
        table(out, rows(s.byTask(), "task", length));
        if (!s.top().isEmpty()) {
            out.append("top contributors to the path:\n");
            List<String[]> top = new ArrayList<>();
            top.add(new String[] {"rank", "task", "state", "seconds", "of length"});
            int rank = 1;
            for (PathSummary.Contributor c : s.top()) {
                top.add(new String[] {Integer.toString(rank++), c.task(), c.label() + " (" + c.category().word() + ")",
                        Num.text(c.seconds(), SHORT), percent(c.seconds(), length)});
            }
            table(out, top);
        }
        return out.toString();
    }

    private static List<String[]> rows(List<PathSummary.Row> in, String what, double length) {
        List<String[]> rows = new ArrayList<>();
        rows.add(new String[] {what, "on path", "of length", "off path"});
        for (PathSummary.Row row : in) {
            rows.add(new String[] {row.name(), Num.text(row.onPath(), SHORT), percent(row.onPath(), length),
                    Num.text(row.offPath(), SHORT)});
        }
        return rows;
    }

    static String percent(double part, double whole) {
        return whole > 0 ? String.format(Locale.ROOT, "%.1f %%", 100 * part / whole) : "n/a";
    }

    /** Left-aligned columns, two blanks apart, indented by two. */
    private static void table(StringBuilder out, List<String[]> rows) {
        int columns = rows.get(0).length;
        int[] width = new int[columns];
        for (String[] row : rows) {
            for (int c = 0; c < columns; c++) {
                width[c] = Math.max(width[c], row[c].length());
            }
        }
        for (String[] row : rows) {
            StringBuilder line = new StringBuilder("  ");
            for (int c = 0; c < columns; c++) {
                line.append(row[c]);
                if (c + 1 < columns) {
                    line.append(" ".repeat(width[c] - row[c].length() + 2));
                }
            }
            out.append(line.toString().stripTrailing()).append('\n');
        }
    }
}
