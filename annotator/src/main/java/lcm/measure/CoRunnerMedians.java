package lcm.measure;

import lcm.expr.Median;
import lcm.expr.NumberText;
import lcm.pp.PpHeader;
import lcm.pp.PpLineCodec;
import lcm.pp.PpReader;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The {@code # co-runner:} headers of a pp file ({@link PpHeader.CoRunner}, written by
 * {@code lcm measure --co-runner}), gathered per fragment as the file is read, and their medians
 * over the runs: each fragment's contention parameters, the text of its {@code contention:} line
 * (docs/annotations.md).
 */
public final class CoRunnerMedians implements PpReader.Sink {

    /** A fragment's medians over its runs: slowdown, the co-runner's pressure it was taken at, its own pressure. */
    public record Figures(double slowdown, double at, double pressure, int runs) {
        /** The {@code contention:} annotation's text after the colon. */
        public String text() {
            return "slowdown = " + NumberText.digits(slowdown, 4) + ", at = " + NumberText.digits(at, 4)
                    + ", pressure = " + NumberText.digits(pressure, 4);
        }
    }

    /**
     * {@code lcm fit}'s block of contention parameters after its models: one line per fragment,
     * {@code sweep  contention: slowdown = 1.21, at = 1.064, pressure = 1.05  (3 runs)}; empty
     * where the data hold no {@code # co-runner:} headers.
     */
    public String table() {
        StringBuilder out = new StringBuilder();
        figures().forEach((tag, f) -> out.append(String.format(java.util.Locale.ROOT, "%-16s contention: %s  (%d run%s)%n",
                tag, f.text(), f.runs(), f.runs() == 1 ? "" : "s")));
        return out.isEmpty() ? "" : "\nmedians of lcm measure --co-runner's runs (lcm annotate writes them):\n" + out;
    }

    private final Map<String, List<PpHeader.CoRunner>> byTag = new LinkedHashMap<>();

    @Override
    public void header(PpHeader header, int line) {
        if (header instanceof PpHeader.CoRunner c) {
            byTag.computeIfAbsent(c.tag(), k -> new ArrayList<>()).add(c);
        }
    }

    @Override
    public void data(PpLineCodec fields, int line, PpReader reader) {
        // the lines are the run alone: their values are the other readers'
    }

    @Override
    public boolean valuesWanted() {
        return false;
    }

    /**
     * Each fragment's medians, by tag; a fragment whose co-runner's pressure is not above 1 in
     * the median (nothing to scale a slowdown by) is left out.
     */
    public Map<String, Figures> figures() {
        Map<String, Figures> out = new LinkedHashMap<>();
        byTag.forEach((tag, runs) -> {
            double at = Median.of(runs.stream().mapToDouble(PpHeader.CoRunner::at).toArray());
            if (at > 1) {
                out.put(tag, new Figures(Median.of(runs.stream().mapToDouble(PpHeader.CoRunner::slowdown).toArray()), at,
                        Median.of(runs.stream().mapToDouble(PpHeader.CoRunner::pressure).toArray()), runs.size()));
            }
        });
        return out;
    }
}
