package lcm.pp;

import lcm.expr.Numbers;

import java.nio.charset.StandardCharsets;

/**
 * Numbers read straight from bytes, for the streamed pp reader: exactly the grammar of
 * {@link Numbers} ({@code [+-]? (digits [. digits?] | . digits) ([eEdD] [+-]? digits)?}), with
 * the usual fast path (a mantissa of at most 2^53 and a power of ten of at most 22 give the
 * correctly rounded double by one multiplication or division, as Clinger showed) and
 * {@link Double#parseDouble} for everything else. NaN means "not a number of that grammar, or
 * out of range": the caller then asks {@link Numbers} why.
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

    private DecimalBytes() {
    }

    static double parse(byte[] b, int from, int to) {
        int i = from;
        boolean negative = false;
        if (i < to && (b[i] == '+' || b[i] == '-')) {
            negative = b[i] == '-';
            i++;
        }
        long mantissa = 0;
        int digits = 0;      // significant digits taken into the mantissa
        int scale = 0;       // power of ten to apply
        boolean any = false;
        boolean lost = false;
        while (i < to && b[i] >= '0' && b[i] <= '9') {
            any = true;
            if (digits < 18) {
                if (mantissa != 0 || b[i] != '0') {
                    mantissa = mantissa * 10 + (b[i] - '0');
                    if (mantissa != 0) {
                        digits++;
                    }
                }
            } else {
                scale++;
                lost |= b[i] != '0';
            }
            i++;
        }
        if (i < to && b[i] == '.') {
            i++;
            boolean fraction = false;
            while (i < to && b[i] >= '0' && b[i] <= '9') {
                fraction = true;
                if (digits < 18) {
                    if (mantissa != 0 || b[i] != '0') {
                        mantissa = mantissa * 10 + (b[i] - '0');
                        if (mantissa != 0) {
                            digits++;
                        }
                    }
                    scale--;
                } else {
                    lost |= b[i] != '0';
                }
                i++;
            }
            if (!any && !fraction) {
                return Double.NaN;
            }
            any = true;
        }
        if (!any) {
            return Double.NaN;
        }
        if (i < to && (b[i] == 'e' || b[i] == 'E' || b[i] == 'd' || b[i] == 'D')) {
            i++;
            boolean negExp = false;
            if (i < to && (b[i] == '+' || b[i] == '-')) {
                negExp = b[i] == '-';
                i++;
            }
            if (i >= to || b[i] < '0' || b[i] > '9') {
                return Double.NaN;
            }
            int exp = 0;
            while (i < to && b[i] >= '0' && b[i] <= '9') {
                if (exp < 100_000) {
                    exp = exp * 10 + (b[i] - '0');
                }
                i++;
            }
            scale += negExp ? -exp : exp;
        }
        if (i != to) {
            return Double.NaN;
        }
        double v;
        if (!lost && mantissa < (1L << 53) && scale >= -22 && scale <= 22) {
            v = scale >= 0 ? mantissa * POWERS[scale] : mantissa / POWERS[-scale];
        } else if (mantissa == 0 && !lost) {
            v = 0;
        } else {
            String text = new String(b, from, to - from, StandardCharsets.US_ASCII).replace('d', 'e').replace('D', 'e');
            v = Math.abs(Double.parseDouble(text));
        }
        if (!Double.isFinite(v)) {
            return Double.NaN;
        }
        return negative ? -v : v;
    }
}
