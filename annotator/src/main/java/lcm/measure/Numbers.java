package lcm.measure;

import java.util.OptionalDouble;
import java.util.regex.Pattern;

/**
 * Strict parsing of numbers in data files: decimal notation with an optional exponent
 * ({@code 1.5}, {@code -2e-3}, Fortran's {@code 1.0d-3}). Java's own parser would also accept
 * {@code NaN}, {@code Infinity}, hexadecimal and a trailing {@code f}, none of which is a
 * measurement.
 */
public final class Numbers {

    private static final Pattern DECIMAL = Pattern.compile("[+-]?(\\d+\\.?\\d*|\\.\\d+)([eEdD][+-]?\\d+)?");

    private Numbers() {
    }

    public static OptionalDouble parse(String text) {
        if (!DECIMAL.matcher(text).matches()) {
            return OptionalDouble.empty();
        }
        double v = Double.parseDouble(text.replace('d', 'e').replace('D', 'e'));
        return Double.isFinite(v) ? OptionalDouble.of(v) : OptionalDouble.empty();
    }
}
