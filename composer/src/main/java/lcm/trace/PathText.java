package lcm.trace;

import lcm.expr.NumberText;
import java.util.List;

/** The text form of a critical path: the length, then the path events, one a line. */
public final class PathText {

    private PathText() {
    }

    public static String render(CriticalPath.Result r) {
        StringBuilder out = new StringBuilder();
        out.append("length: ").append(NumberText.text(r.length())).append('\n');
        out.append("events: ").append(r.events()).append(" in ").append(r.tasks()).append(r.tasks() == 1 ? " task" : " tasks")
                .append('\n');
        out.append("critical path:\n");
        List<PathEvent> path = r.path();
        int timeWidth = 4;
        int taskWidth = 4;
        for (PathEvent e : path) {
            timeWidth = Math.max(timeWidth, NumberText.text(e.time()).length());
            taskWidth = Math.max(taskWidth, e.task().length());
        }
        out.append(String.format("  %-" + timeWidth + "s  %-" + taskWidth + "s  %s%n", "time", "task", "event"));
        for (PathEvent e : path) {
            out.append(String.format("  %-" + timeWidth + "s  %-" + taskWidth + "s  %s%n", NumberText.text(e.time()), e.task(), e.event()));
        }
        return out.toString();
    }
}
