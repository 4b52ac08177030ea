package lcm.campaign;

import lcm.probe.MeasuredRuns;
import lcm.source.SourceRegistry;
import lcm.source.UserError;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The runs a cost estimate is fitted to, read from a pp file that lcm measure wrote: each run's
 * point and measured region's time as lcm validate reads them ({@code # run:} headers), and its
 * whole time: from the run's {@link RunMark} where a campaign wrote it, else the command's time
 * the header gives (which leaves out lcm measure's own start, about a second: such an estimate
 * is low by that much per run, and says so).
 */
public final class CostBasis {

    private CostBasis() {
    }

    /** The samples of {@code pp} and whether every one had its whole time from a campaign's mark. */
    public record Samples(List<RunTimeModel.Sample> samples, boolean wholeTimes) {
    }

    public static Samples read(Path pp, List<String> variables, SourceRegistry sources) {
        List<RunTimeModel.Sample> out = new ArrayList<>();
        boolean whole = true;
        for (MeasuredRuns.Run r : MeasuredRuns.read(pp, sources)) {
            Map<String, Double> values = new LinkedHashMap<>();
            for (String v : variables) {
                Double x = r.point().get(v);
                if (x == null) {
                    throw UserError.of(pp + ":" + r.line() + ": this run has no value of " + v + ": the file cannot "
                            + "estimate what the campaign's values of " + v + " cost");
                }
                values.put(v, x);
            }
            double seconds;
            if (r.marked().isPresent()) {
                seconds = r.marked().getAsDouble();
            } else {
                seconds = r.command();
                whole = false;
            }
            out.add(new RunTimeModel.Sample(values, seconds, r.time()));
        }
        return new Samples(out, whole);
    }
}
