package lcm.measure;

import java.util.OptionalDouble;
import java.util.regex.Pattern;

/**
 * Strict parsing of numbers in data files (pp, CSV, Extra-P text, {@code -x}): exactly the ASCII
 * grammar {@code [+-]? (digits [. digits?] | . digits) ([eEdD] [+-]? digits)?} ({@code 1.5},
 * {@code -2e-3}, Fortran's {@code 1.0d-3}), whose value must be a finite double (magnitude below
 * about 1.8e308; smaller magnitudes round, to 0 below 4.9e-324). Everything else is rejected with
 * a reason ({@link #problem}): Java's own parser would also accept {@code NaN}, {@code Infinity},
 * hexadecimal, a trailing {@code f} and, through {@code Character.digit}, other scripts' digits;
 * none of them is a measurement. Integers are read by the same grammar (as doubles), so
 * {@code 99999999999999999999} is 1e20, not an overflow.
 */
public final class Numbers {

    private static final Pattern DECIMAL = Pattern.compile("[+-]?(\\d+\\.?\\d*|\\.\\d+)([eEdD][+-]?\\d+)?");

    private Numbers() {
    }

    /** Why {@code text} is not a number: "expected a number" or "number out of range". */
    public static String problem(String text) {
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (Character.isDigit(c) && (c < '0' || c > '9')) {
                return "expected a number in ASCII digits (found '" + c + "', U+"
                        + String.format("%04X", (int) c) + ")";
            }
        }
        if (DECIMAL.matcher(text).matches()) {
            return "number out of range (the largest is about 1.8e308)";
        }
        return "expected a number";
    }

    public static OptionalDouble parse(String text) {
        if (!DECIMAL.matcher(text).matches()) {
            return OptionalDouble.empty();
        }
        double v = Double.parseDouble(text.replace('d', 'e').replace('D', 'e'));
        return Double.isFinite(v) ? OptionalDouble.of(v) : OptionalDouble.empty();
    }
}
