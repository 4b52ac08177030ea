package lcm.campaign;

import lcm.expr.NumberText;
import org.apache.commons.math3.linear.Array2DRowRealMatrix;
import org.apache.commons.math3.linear.ArrayRealVector;
import org.apache.commons.math3.linear.QRDecomposition;
import org.apache.commons.math3.linear.RealVector;
import lcm.expr.Median;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What one run of a structure costs, as the plan estimates it: a fixed part (starting lcm measure
 * and the program, compiling, warming up: the run's time outside its measured region) plus the
 * measured region, a power law in the variables, {@code scale * n^a * p^b}, fitted by least
 * squares to the logarithms of the basis runs' region times. A variable that the basis does not
 * vary gets exponent 0 (the estimate then assumes the time does not depend on it, and says so).
 *
 * @param fixedSeconds the median time of a run outside its measured region
 * @param scale        the power law's factor (seconds)
 * @param exponents    the power of each variable
 */
public record RunTimeModel(double fixedSeconds, double scale, Map<String, Double> exponents) {

    public RunTimeModel {
        exponents = Collections.unmodifiableMap(new LinkedHashMap<>(exponents));
    }

    /** A run of the basis: its point, its whole time (NaN when not known) and its measured region's time. */
    public record Sample(Map<String, Double> values, double seconds, double regionSeconds) {
    }

    /** The expected time of a run at {@code values}, in seconds. */
    public double seconds(Map<String, Double> values) {
        double region = scale;
        for (Map.Entry<String, Double> e : exponents.entrySet()) {
            region *= Math.pow(values.get(e.getKey()), e.getValue());
        }
        return fixedSeconds + region;
    }

    /**
     * The model of {@code samples} in {@code variables} (every sample has a value of each). Variables
     * with one value in the samples get exponent 0 and are listed in {@code unvaried}.
     */
    public static RunTimeModel fit(List<Sample> samples, List<String> variables, List<String> unvaried) {
        List<String> varied = new ArrayList<>();
        for (String v : variables) {
            if (samples.stream().map(s -> s.values().get(v)).distinct().count() > 1) {
                varied.add(v);
            } else {
                unvaried.add(v);
            }
        }
        double[][] x = new double[samples.size()][varied.size() + 1];
        double[] y = new double[samples.size()];
        for (int i = 0; i < samples.size(); i++) {
            Sample s = samples.get(i);
            x[i][0] = 1;
            for (int j = 0; j < varied.size(); j++) {
                x[i][j + 1] = Math.log(s.values().get(varied.get(j)));
            }
            y[i] = Math.log(Math.max(s.regionSeconds(), 1e-9));
        }
        Map<String, Double> exponents = new LinkedHashMap<>();
        double scale;
        if (samples.size() > varied.size()) {
            RealVector b = new QRDecomposition(new Array2DRowRealMatrix(x, false)).getSolver()
                    .solve(new ArrayRealVector(y, false));
            scale = Math.exp(b.getEntry(0));
            for (int j = 0; j < varied.size(); j++) {
                exponents.put(varied.get(j), b.getEntry(j + 1));
            }
        } else {
            // fewer runs than unknowns cannot happen with the pilot's points; keep the median time
            scale = Math.exp(Median.of(y));
        }
        for (String v : variables) {
            exponents.putIfAbsent(v, 0.0);
        }
        double[] fixed = samples.stream().filter(s -> !Double.isNaN(s.seconds()))
                .mapToDouble(s -> Math.max(0, s.seconds() - s.regionSeconds())).toArray();
        return new RunTimeModel(fixed.length == 0 ? 0 : Median.of(fixed), scale, exponents);
    }

    /** {@code 2.1 s + 3.2e-7*n^2.01*p^-0.93 s}. */
    public String text() {
        StringBuilder b = new StringBuilder(NumberText.digits(fixedSeconds, 3)).append(" s + ")
                .append(NumberText.digits(scale, 3));
        exponents.forEach((v, e) -> {
            if (Math.abs(e) >= 0.005) {
                b.append('*').append(v).append('^').append(NumberText.fixed(e, 2));
            }
        });
        return b.append(" s").toString();
    }
}
