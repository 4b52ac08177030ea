package lcm.fit;

import lcm.measure.Measurement;

import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * The row of a {@link Series} each of some observations gives (its variables and quantity; none
 * when it lacks one), read from the observations once: {@link #all} is the series of the
 * observations, {@link #series} that of a resample of them ({@link Resample.Draw}), built from
 * the rows its measurements were drawn from without reading their values again, so that a
 * stability check's resamples cost their fits and not their reading.
 */
final class ObservedRows {

    private final List<Measurement> observations;
    private final List<String> variables;
    /** Per observation, its variables' values, or null when it lacks the quantity or a variable. */
    private final double[][] x;
    private final double[] y;
    private final long[] executions;

    ObservedRows(List<Measurement> observations, String quantity, List<String> variables) {
        this.observations = observations;
        this.variables = variables;
        int n = observations.size();
        x = new double[n][];
        y = new double[n];
        executions = new long[n];
        for (int k = 0; k < n; k++) {
            Measurement m = observations.get(k);
            Double q = m.values().get(quantity);
            if (q == null) {
                continue;
            }
            double[] row = new double[variables.size()];
            boolean all = true;
            for (int i = 0; i < row.length; i++) {
                Double v = m.values().get(variables.get(i));
                if (v == null) {
                    all = false;
                    break;
                }
                row[i] = v;
            }
            if (all) {
                x[k] = row;
                y[k] = q;
                executions[k] = m.executions();
            }
        }
    }

    /** The series of the observations themselves. */
    Series all() {
        int[] every = new int[observations.size()];
        Arrays.setAll(every, k -> k);
        return series(observations, every);
    }

    /** The series of a resample of the observations. */
    Series series(Resample.Draw draw) {
        return series(draw.measurements(), draw.sources());
    }

    /** The series of {@code measurements}, measurement i being a draw of observation {@code sources[i]}. */
    private Series series(List<Measurement> measurements, int[] sources) {
        double[][] xs = new double[sources.length][];
        double[] ys = new double[sources.length];
        int rows = 0;
        Set<Integer> runIds = new HashSet<>();
        int ownRuns = 0;
        long execs = 0;
        for (int i = 0; i < sources.length; i++) {
            int k = sources[i];
            if (x[k] == null) {
                continue;
            }
            xs[rows] = x[k];
            ys[rows++] = y[k];
            execs += executions[k];
            Measurement m = measurements.get(i);
            if (m.run() == Measurement.OWN_RUN) {
                ownRuns++;
            } else {
                runIds.add(m.run());
            }
        }
        return Series.ofRows(variables, Arrays.copyOf(xs, rows), Arrays.copyOf(ys, rows), runIds.size() + ownRuns, execs);
    }
}
