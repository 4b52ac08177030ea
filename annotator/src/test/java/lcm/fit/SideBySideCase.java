package lcm.fit;

import java.util.List;

/**
 * One series of the side-by-side comparison with Extra-P: where it comes from ({@code region},
 * its generator {@code kind}, the noise in percent), its six measured points, and the noiseless
 * function's values at 4 and 16 times the largest x. {@code terms} is the generator's structure
 * (each term {i, j} for x^i*log(x)^j; empty for a constant); {@code max} marks a
 * {@code max(k1*x + k2, k3)} generator, whose structure is not a sum of terms.
 */
record SideBySideCase(String region, String kind, int noise, double[] xs, double[] ys, double true4, double true16,
                      List<double[]> terms, boolean max) {

    SideBySideCase {
        terms = List.copyOf(terms);
    }

    double largestX() {
        return xs[xs.length - 1];
    }

    Series series() {
        double[][] x = new double[xs.length][];
        for (int i = 0; i < xs.length; i++) {
            x[i] = new double[] {xs[i]};
        }
        return Series.of(List.of("x"), x, ys);
    }
}
