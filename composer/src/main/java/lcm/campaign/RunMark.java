package lcm.campaign;

import lcm.campaign.Campaign.DesignPoint;
import lcm.campaign.Campaign.Task;
import lcm.expr.NumberText;
import lcm.pp.PpHeader;

import java.util.Optional;
import java.util.stream.Collectors;

/**
 * The comment line that opens each run of a campaign in its pp file:
 * {@code # campaign fft2d: task 7 (tp at n=128 p=2, run 2 of 2); 4.213 s}. It is written in the
 * same atomic append as the run's lines, so a pp file says by itself which runs it holds:
 * {@code --resume}, {@code status} and {@code collect} read it, and readers of pp lines skip it
 * as a comment. The seconds are the run's whole time (lcm measure's start to its end). The line's
 * format is {@link PpHeader.Mark}'s.
 */
public final class RunMark {

    private RunMark() {
    }

    public static String line(Campaign c, Task t, double seconds) {
        return new PpHeader.Mark(c.name(), t.id(), t.structure() + " at " + point(c.point(t.point())) + ", run " + t.run()
                + " of " + c.runs(), seconds).line();
    }

    /** {@code n=128 p=2}. */
    public static String point(DesignPoint p) {
        return p.values().entrySet().stream().map(e -> e.getKey() + "=" + NumberText.plain(e.getValue()))
                .collect(Collectors.joining(" "));
    }

    /** The mark {@code line} is, if it is one. */
    public static Optional<PpHeader.Mark> parse(String line) {
        return PpHeader.of(line).filter(PpHeader.Mark.class::isInstance).map(PpHeader.Mark.class::cast);
    }
}
