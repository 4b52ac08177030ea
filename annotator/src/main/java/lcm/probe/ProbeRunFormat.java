package lcm.probe;

/** Numbers as lcm measure and validate print them: integers without a decimal point, others to 6 digits. */
public final class ProbeRunFormat {

    private ProbeRunFormat() {
    }

    public static String number(double v) {
        if (v == Math.rint(v) && Math.abs(v) < 1e15) {
            return Long.toString((long) v);
        }
        return ProbeRun.num(v);
    }
}
