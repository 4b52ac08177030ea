package lcm.campaign;

import lcm.campaign.Campaign.DesignPoint;
import lcm.campaign.Campaign.Task;
import lcm.expr.NumberText;

import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * The comment line that opens each run of a campaign in its pp file:
 * {@code # campaign fft2d: task 7 (tp at n=128 p=2, run 2 of 2); 4.213 s}. It is written in the
 * same atomic append as the run's lines, so a pp file says by itself which runs it holds:
 * {@code --resume}, {@code status} and {@code collect} read it, and readers of pp lines skip it
 * as a comment. The seconds are the run's whole time (lcm measure's start to its end).
 */
public final class RunMark {

    private static final Pattern MARK = Pattern.compile("^# campaign (\\S+): task (\\d+) \\(.*\\); ([0-9.eE+-]+|NaN) s$");

    private RunMark() {
    }

    /** A mark read back: the campaign, the task, and the run's seconds. */
    public record Read(String campaign, int task, double seconds) {
    }

    public static String line(Campaign c, Task t, double seconds) {
        return "# campaign " + c.name() + ": task " + t.id() + " (" + t.structure() + " at " + point(c.point(t.point()))
                + ", run " + t.run() + " of " + c.runs() + "); " + NumberText.fixed(seconds, 3) + " s";
    }

    /** {@code n=128 p=2}. */
    public static String point(DesignPoint p) {
        return p.values().entrySet().stream().map(e -> e.getKey() + "=" + NumberText.plain(e.getValue()))
                .collect(Collectors.joining(" "));
    }

    public static Optional<Read> parse(String line) {
        Matcher m = MARK.matcher(line);
        if (!m.matches()) {
            return Optional.empty();
        }
        return Optional.of(new Read(m.group(1), Integer.parseInt(m.group(2)), Double.parseDouble(m.group(3))));
    }
}
