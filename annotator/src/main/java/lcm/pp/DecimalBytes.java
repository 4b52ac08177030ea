package lcm.pp;

import lcm.expr.Numbers;

import java.nio.charset.StandardCharsets;

/**
 * Numbers read straight from bytes, for the streamed pp reader: exactly the grammar of
 * {@link Numbers} ({@code [+-]? (digits [. digits?] | . digits) ([eEdD] [+-]? digits)?}), with
 * the usual fast path (a mantissa of at most 2^53 and a power of ten of at most 22 give the
 * correctly rounded double by one multiplication or division, as Clinger showed) and
 * {@link Double#parseDouble} for everything else. {@link #scan} reads the number that starts at
 * a byte and says where it ends, so that the caller reads a line in one pass; a number of the
 * grammar that is out of range is no number (the caller then asks {@link Numbers} why).
 * {@link #check} is the same scan without building the double, for values that are only
 * checked (the lines of runs a reader leaves out): it accepts exactly the numbers {@link #scan}
 * accepts.
 */
final class DecimalBytes {

    private static final double[] POWERS = new double[23];

    static {
        double p = 1;
        for (int i = 0; i < POWERS.length; i++) {
            POWERS[i] = p;
            p *= 10;
        }
    }

    /** Below this, a mantissa takes one more digit without overflow: 18 significant digits at most. */
    private static final long TAKES_A_DIGIT = 100_000_000_000_000_000L;

    /**
     * Integer digits plus the exponent up to which every number of the grammar is finite (below
     * 10^300, far inside the doubles' 1.8 x 10^308): {@link #check} builds the double only above it.
     */
    private static final int SURELY_FINITE = 300;

    private double value;
    /** The exponent {@link #exponent(byte[], int, int)} read last. */
    private int exponent;

    /** The number {@link #scan} read last. */
    double value() {
        return value;
    }

    /**
     * The number of the grammar that starts at {@code b[from]} (the bytes going on to {@code to}),
     * as long as it goes: the index after it, its value in {@link #value()}; -1 when the bytes
     * there start no number of the grammar, or one out of the doubles' range. The caller checks
     * what follows it.
     */
    int scan(byte[] b, int from, int to) {
        int i = from;
        boolean negative = false;
        if (i < to && (b[i] == '+' || b[i] == '-')) {
            negative = b[i] == '-';
            i++;
        }
        long mantissa = 0;
        int scale = 0;       // power of ten to apply
        boolean lost = false;
        int start = i;
        byte c;
        // leading zeros leave the mantissa 0 and cost no significant digit
        while (i < to && (c = b[i]) >= '0' && c <= '9') {
            if (mantissa < TAKES_A_DIGIT) {
                mantissa = mantissa * 10 + (c - '0');
            } else {
                scale++;
                lost |= c != '0';
            }
            i++;
        }
        boolean any = i > start;
        if (i < to && b[i] == '.') {
            i++;
            int fraction = i;
            while (i < to && (c = b[i]) >= '0' && c <= '9') {
                if (mantissa < TAKES_A_DIGIT) {
                    mantissa = mantissa * 10 + (c - '0');
                    scale--;
                } else {
                    lost |= c != '0';
                }
                i++;
            }
            any |= i > fraction;
        }
        if (!any) {
            return -1;
        }
        if (i < to && ((c = b[i]) == 'e' || c == 'E' || c == 'd' || c == 'D')) {
            i = exponent(b, i + 1, to);
            if (i < 0) {
                return -1;
            }
            scale += exponent;
        }
        double v;
        if (!lost && mantissa < (1L << 53) && scale >= -22 && scale <= 22) {
            v = scale >= 0 ? mantissa * POWERS[scale] : mantissa / POWERS[-scale];
        } else if (mantissa == 0 && !lost) {
            v = 0;
        } else {
            String text = new String(b, from, i - from, StandardCharsets.US_ASCII).replace('d', 'e').replace('D', 'e');
            v = Math.abs(Double.parseDouble(text));
        }
        if (!Double.isFinite(v)) {
            return -1;
        }
        value = negative ? -v : v;
        return i;
    }

    /**
     * {@link #scan} without the value: the index after the number that starts at {@code b[from]},
     * or -1 where {@link #scan} gives -1. Only a number that might be out of range (integer digits
     * plus exponent above {@value #SURELY_FINITE}) is built, by {@link #scan}, to tell.
     */
    int check(byte[] b, int from, int to) {
        int i = from;
        if (i < to && (b[i] == '+' || b[i] == '-')) {
            i++;
        }
        int start = i;
        byte c;
        while (i < to && (c = b[i]) >= '0' && c <= '9') {
            i++;
        }
        int integer = i - start;
        boolean any = integer > 0;
        if (i < to && b[i] == '.') {
            i++;
            int fraction = i;
            while (i < to && (c = b[i]) >= '0' && c <= '9') {
                i++;
            }
            any |= i > fraction;
        }
        if (!any) {
            return -1;
        }
        int magnitude = integer;
        if (i < to && ((c = b[i]) == 'e' || c == 'E' || c == 'd' || c == 'D')) {
            i = exponent(b, i + 1, to);
            if (i < 0) {
                return -1;
            }
            magnitude += exponent;
        }
        return magnitude <= SURELY_FINITE ? i : scan(b, from, to);
    }

    /**
     * The exponent's sign and digits from {@code b[i]} (after its letter): the index after them,
     * the exponent in {@link #exponent} (beyond 6 digits, its first 6: out of range either way);
     * -1 when no digit follows.
     */
    private int exponent(byte[] b, int i, int to) {
        boolean negative = false;
        if (i < to && (b[i] == '+' || b[i] == '-')) {
            negative = b[i] == '-';
            i++;
        }
        if (i >= to || b[i] < '0' || b[i] > '9') {
            return -1;
        }
        int exp = 0;
        byte c;
        while (i < to && (c = b[i]) >= '0' && c <= '9') {
            if (exp < 100_000) {
                exp = exp * 10 + (c - '0');
            }
            i++;
        }
        exponent = negative ? -exp : exp;
        return i;
    }

    /** The number that spells bytes {@code [from, to)} whole, NaN when they spell none (or one out of range). */
    static double parse(byte[] b, int from, int to) {
        DecimalBytes d = new DecimalBytes();
        return d.scan(b, from, to) == to ? d.value : Double.NaN;
    }
}
