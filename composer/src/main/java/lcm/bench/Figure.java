package lcm.bench;

import lcm.expr.NumberText;
import java.util.Locale;

/**
 * One benchmark figure: what was measured, its timed runs, the figure as quoted (the median,
 * or a rate made from it), its target and whether it is met, and its ratio to an anchor (the
 * same work done the plainest way) where one exists.
 *
 * @param key         a stable name for baselines ({@code compose.100000})
 * @param label       what was measured, for people
 * @param sample      the timed runs
 * @param value       the figure as quoted, in {@code unit}
 * @param unit        s, lines/s, points/s, ...
 * @param target      the target as text ("<= 10 s"), or empty
 * @param met         whether the target is met (null: no target)
 * @param anchor      what the anchor is ("hand-written lambda"), or empty
 * @param anchorRatio this figure's time over the anchor's (NaN: none)
 * @param note        anything else to print (transfers found, slope), or empty
 * @param checkedOn   which median the target was checked on: "cpu" or "wall" (empty: no target)
 */
public record Figure(String key, String label, Sample sample, double value, String unit, String target, Boolean met,
                     String anchor, double anchorRatio, String note, String checkedOn) {

    /**
     * A figure of seconds (the wall median) against an upper bound. The target is checked on the
     * CPU median where there is one: on a shared machine wall time also counts other people's
     * work, and for this single-threaded work CPU time is at least the idle machine's wall time.
     */
    public static Figure seconds(String key, String label, Sample s, double limit) {
        double v = s.wallMedian();
        double checked = Double.isNaN(s.cpuMedian()) ? v : s.cpuMedian();
        return new Figure(key, label, s, v, "s", Double.isNaN(limit) ? "" : "<= " + NumberText.text(limit) + " s",
                Double.isNaN(limit) ? null : checked <= limit, "", Double.NaN, "", basis(s));
    }

    /**
     * A whole process's seconds against a bound set for an idle machine (start-up): checked on the
     * wall median, since the process's CPU time also counts its JIT compiler running on another
     * processor at the same time. On a loaded machine the wall median also counts other work;
     * the load average is printed with the figures.
     */
    public static Figure wallSeconds(String key, String label, Sample s, double limit) {
        double v = s.wallMedian();
        return new Figure(key, label, s, v, "s", "<= " + NumberText.text(limit) + " s", v <= limit, "", Double.NaN,
                "", "wall");
    }

    private static String basis(Sample s) {
        return Double.isNaN(s.cpuMedian()) ? "wall" : "cpu";
    }

    /** A rate: {@code amount} per median wall second, against a lower bound (checked on CPU time as above). */
    public static Figure rate(String key, String label, Sample s, double amount, String unit, double atLeast) {
        double v = amount / s.wallMedian();
        double checked = Double.isNaN(s.cpuMedian()) ? v : amount / s.cpuMedian();
        return new Figure(key, label, s, v, unit,
                Double.isNaN(atLeast) ? "" : ">= " + NumberText.text(atLeast) + " " + unit,
                Double.isNaN(atLeast) ? null : checked >= atLeast, "", Double.NaN, "", basis(s));
    }

    public Figure withAnchor(String what, double ratio) {
        return new Figure(key, label, sample, value, unit, target, met, what, ratio, note, checkedOn);
    }

    public Figure withNote(String text) {
        return new Figure(key, label, sample, value, unit, target, met, anchor, anchorRatio, text, checkedOn);
    }

    /** Two lines: the figure, target and anchor; the runs (median, spread, CPU, heap). */
    public String text() {
        StringBuilder b = new StringBuilder();
        b.append(String.format(Locale.ROOT, "%-58s %12s %-9s", label, NumberText.text(value), unit));
        if (!target.isEmpty()) {
            b.append("  target ").append(target).append(Boolean.TRUE.equals(met) ? " (met" : " (NOT met")
                    .append(" on ").append(checkedOn).append(')');
        } else if (!label.startsWith("  anchor")) {
            b.append("  target: none of its own"); // said, so that a missing target is never a silent one
        }
        if (!anchor.isEmpty()) {
            b.append("  ").append(NumberText.fixed(anchorRatio, 2)).append("x ").append(anchor);
        }
        b.append('\n');
        b.append(String.format(Locale.ROOT, "    wall median %s s (min %s, max %s, spread %s %%, %d runs); cpu median %s s",
                NumberText.text(sample.wallMedian()), NumberText.text(sample.wallMin()), NumberText.text(sample.wallMax()),
                NumberText.fixed(100 * sample.spread(), 0), sample.runs(), NumberText.text(sample.cpuMedian())));
        if (sample.peakBytes() > 0) {
            b.append("; peak heap ").append(NumberText.fixed(sample.peakBytes() / 1048576.0, 0)).append(" MiB");
        }
        if (sample.liveBytes() > 0) {
            b.append(" (live after full collections ").append(NumberText.fixed(sample.liveBytes() / 1048576.0, 0)).append(" MiB)");
        }
        b.append('\n');
        if (!note.isEmpty()) {
            b.append("    ").append(note).append('\n');
        }
        return b.toString();
    }
}
