package lcm.fit;

import lcm.annotation.Category;
import lcm.measure.MeasurementFormats;
import lcm.measure.MeasurementSet;
import lcm.source.SourceRegistry;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Random;
import java.util.function.ToDoubleFunction;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Extra-P text files written here from known functions (every parameter at 5 values, 3 repetitions
 * per point, each value times 1 + 0.005*u, u uniform in [-1, 1], seed 11): lcm fit recovers the
 * generating function through the Extra-P reader, in one and several parameters.
 */
class ExtraPRecoveryTest {

    private static final ModelFitter FITTER = new ModelFitter(CandidateTable.defaults());

    @TempDir
    Path dir;

    /** Writes an Extra-P text file of {@code f} over the grid of {@code values} per parameter. */
    private Path write(String name, String region, String metric, List<String> parameters, double[] values,
                       ToDoubleFunction<double[]> f) throws IOException {
        Random random = new Random(11);
        List<double[]> points = new ArrayList<>();
        grid(parameters.size(), values, new double[parameters.size()], 0, points);
        StringBuilder out = new StringBuilder();
        for (String p : parameters) {
            out.append("PARAMETER ").append(p).append('\n');
        }
        out.append("POINTS");
        for (double[] pt : points) {
            out.append(" (");
            for (double v : pt) {
                out.append(' ').append(num(v));
            }
            out.append(" )");
        }
        out.append("\nREGION ").append(region).append("\nMETRIC ").append(metric).append('\n');
        for (double[] pt : points) {
            out.append("DATA");
            for (int r = 0; r < 3; r++) {
                out.append(' ').append(num(f.applyAsDouble(pt) * (1 + 0.005 * (2 * random.nextDouble() - 1))));
            }
            out.append('\n');
        }
        Path file = dir.resolve(name);
        Files.writeString(file, out);
        return file;
    }

    private static void grid(int n, double[] values, double[] current, int at, List<double[]> out) {
        if (at == n) {
            out.add(current.clone());
            return;
        }
        for (double v : values) {
            current[at] = v;
            grid(n, values, current, at + 1, out);
        }
    }

    private static String num(double v) {
        return String.format(Locale.ROOT, "%.10g", v);
    }

    private static Fit best(Path file, String region, String metric, String... variables) {
        MeasurementSet set = MeasurementFormats.read(file, Optional.empty(), new SourceRegistry()).withTag(region);
        FitResult r = FITTER.fit(new FitRequest(set.measurements(), metric, Category.PC, List.of(variables), List.of(), false, true));
        return r.best().orElseThrow();
    }

    private static final double[] X = {2, 4, 8, 16, 32};

    @Test
    void oneConstantPlusPointTwoXSquared() throws IOException {
        Path file = write("one.txt", "compute", "time", List.of("x"), X, p -> 1 + 0.2 * p[0] * p[0]);
        Fit f = best(file, "compute", "time", "x");
        // the table's k1*n^2 + k2 (renamed to x) and the normal form's k1 + k2*x^2 are one function
        // space; the table form ranks first
        assertEquals("k1*x^2+k2", f.candidate().text());
        assertEquals(0.2, f.coefficients().get(0).value(), 0.002);
        assertEquals(1, f.coefficients().get(1).value(), 0.5);
    }

    @Test
    void twoPlusSLogP() throws IOException {
        Path file = write("two5.txt", "main", "time", List.of("p", "s"), X, p -> 2 + 0.884 * SyntheticSeries.log2(p[0]) * p[1]);
        Fit f = best(file, "main", "time", "p", "s");
        assertEquals("k1+k2*log2(p)*s", f.candidate().text());
        assertEquals(0.884, f.coefficients().get(1).value(), 0.005);
    }

    @Test
    void onePlusSToTheThreeHalvesTimesP() throws IOException {
        Path file = write("two6.txt", "main", "time", List.of("p", "s"), X, p -> 1 + 0.05 * p[0] * Math.pow(p[1], 1.5));
        Fit f = best(file, "main", "time", "p", "s");
        assertEquals("k1+k2*p*s^(3/2)", f.candidate().text());
        assertEquals(0.05, f.coefficients().get(1).value(), 0.0005);
    }

    @Test
    void onePlusPointTwoXSquaredLogY() throws IOException {
        Path file = write("two1.txt", "reg", "metr", List.of("x", "y"), X, p -> 1 + 0.2 * p[0] * p[0] * SyntheticSeries.log2(p[1]));
        Fit f = best(file, "reg", "metr", "x", "y");
        assertEquals("k1+k2*x^2*log2(y)", f.candidate().text());
        assertEquals(0.2, f.coefficients().get(1).value(), 0.002);
    }

    @Test
    void threeParameters() throws IOException {
        Path file = write("three1.txt", "reg", "metr", List.of("x", "y", "z"), X,
                p -> 1 + 0.2 * p[0] * p[0] * SyntheticSeries.log2(p[1]) + 0.1 * p[0] * p[1] * p[1] * p[2]);
        Fit f = best(file, "reg", "metr", "x", "y", "z");
        assertEquals("k1+k2*x^2*log2(y)+k3*x*y^2*z", f.candidate().text());
        assertEquals(0.2, f.coefficients().get(1).value(), 0.01);
        assertEquals(0.1, f.coefficients().get(2).value(), 0.001);
    }

    @Test
    void everyRepetitionIsAMeasurement() throws IOException {
        // 5 points x 3 repetitions; 5^3 points x 3
        assertEquals(15, MeasurementFormats.read(write("a.txt", "r", "time", List.of("x"), X, p -> 1), Optional.empty(),
                new SourceRegistry()).size());
        MeasurementSet three = MeasurementFormats.read(write("b.txt", "r", "time", List.of("x", "y", "z"), X, p -> 1),
                Optional.empty(), new SourceRegistry());
        assertEquals("extrap", three.format());
        assertEquals(375, three.size());
        assertTrue(three.variables().containsAll(List.of("x", "y", "z")));
    }
}
