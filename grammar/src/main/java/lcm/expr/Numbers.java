package lcm.expr;

import java.util.OptionalDouble;

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
        if (decimal(text)) {
            return "number out of range (the largest is about 1.8e308)";
        }
        return "expected a number";
    }

    public static OptionalDouble parse(String text) {
        if (!decimal(text)) {
            return OptionalDouble.empty();
        }
        double v = Double.parseDouble(text.replace('d', 'e').replace('D', 'e'));
        return Double.isFinite(v) ? OptionalDouble.of(v) : OptionalDouble.empty();
    }

    /**
     * Whether {@code t} is of the grammar above, in one pass: a regular expression for it
     * ({@code \d+\.?\d*} can split a run of digits in as many ways as it is long) backtracked
     * quadratically on a long run of digits followed by a wrong character (50,000 digits and an
     * {@code x}: 36 s).
     */
    public static boolean decimal(String t) {
        int n = t.length();
        int i = sign(t, 0);
        int mantissa = digits(t, i);
        i += mantissa;
        if (i < n && t.charAt(i) == '.') {
            int fraction = digits(t, i + 1);
            mantissa += fraction;
            i += 1 + fraction;
        }
        if (mantissa == 0) {
            return false;
        }
        if (i < n && "eEdD".indexOf(t.charAt(i)) >= 0) {
            i = sign(t, i + 1);
            int exponent = digits(t, i);
            if (exponent == 0) {
                return false;
            }
            i += exponent;
        }
        return i == n;
    }

    /** Past an optional sign at {@code i}. */
    private static int sign(String t, int i) {
        return i < t.length() && (t.charAt(i) == '+' || t.charAt(i) == '-') ? i + 1 : i;
    }

    /** How many ASCII digits stand from {@code i} on. */
    private static int digits(String t, int i) {
        int k = i;
        while (k < t.length() && ascii(t.charAt(k))) {
            k++;
        }
        return k - i;
    }

    private static boolean ascii(char c) {
        return c >= '0' && c <= '9';
    }
}
