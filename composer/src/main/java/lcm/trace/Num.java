package lcm.trace;

import java.math.BigDecimal;

/** Numbers as lcm prints them: the shortest decimal that reads back to the same double. */
public final class Num {

    private Num() {
    }

    public static String text(double v) {
        if (v == Math.rint(v) && Math.abs(v) < 1e15) {
            return Long.toString((long) v);
        }
        String s = Double.toString(v);
        if (s.contains("E")) {
            return new BigDecimal(s).stripTrailingZeros().toString().replace("E+", "e").replace("E", "e");
        }
        return s;
    }
}
