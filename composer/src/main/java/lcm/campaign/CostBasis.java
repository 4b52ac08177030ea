package lcm.campaign;

import lcm.probe.MeasuredRuns;
import lcm.source.UserError;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The runs a cost estimate is fitted to, read from a pp file that lcm measure wrote: each run's
 * point and measured region's time as lcm validate reads them ({@code # run:} headers), and its
 * whole time: from the run's {@link RunMark} where a campaign wrote it, else the command's time
 * the header gives (which leaves out lcm measure's own start, about a second: such an estimate
 * is low by that much per run, and says so).
 */
public final class CostBasis {

    private static final Pattern COMMAND = Pattern.compile("; command ([0-9.eE+-]+) s");

    private CostBasis() {
    }

    /** The samples of {@code pp} and whether every one had its whole time from a campaign's mark. */
    public record Samples(List<RunTimeModel.Sample> samples, boolean wholeTimes) {
    }

    public static Samples read(Path pp, List<String> variables) {
        List<MeasuredRuns.Run> runs = MeasuredRuns.read(pp);
        List<String> lines;
        try {
            lines = new String(Files.readAllBytes(pp), StandardCharsets.UTF_8).lines().toList();
        } catch (IOException e) {
            throw UserError.of(pp + ": cannot read: " + e.getMessage());
        }
        List<RunTimeModel.Sample> out = new ArrayList<>();
        boolean whole = true;
        int previous = 0;
        for (MeasuredRuns.Run r : runs) {
            Map<String, Double> values = new LinkedHashMap<>();
            for (String v : variables) {
                Double x = r.point().get(v);
                if (x == null) {
                    throw UserError.of(pp + ":" + r.line() + ": this run has no value of " + v + ": the file cannot "
                            + "estimate what the campaign's values of " + v + " cost");
                }
                values.put(v, x);
            }
            Optional<Double> marked = Optional.empty();
            for (int i = r.line() - 2; i >= previous; i--) {
                Optional<RunMark.Read> m = RunMark.parse(lines.get(i));
                if (m.isPresent()) {
                    marked = Optional.of(m.get().seconds());
                    break;
                }
            }
            double seconds;
            if (marked.isPresent()) {
                seconds = marked.get();
            } else {
                Matcher m = COMMAND.matcher(lines.get(r.line() - 1));
                seconds = m.find() ? Double.parseDouble(m.group(1)) : Double.NaN;
                whole = false;
            }
            out.add(new RunTimeModel.Sample(values, seconds, r.time()));
            previous = r.line();
        }
        return new Samples(out, whole);
    }
}
