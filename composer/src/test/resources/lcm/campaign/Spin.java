/**
 * Test program of lcm campaign: one fragment that spins on the wall clock for -Dms=MS
 * milliseconds (wall time, so the same under load); MS = 13 fails on purpose.
 */
public final class Spin {

    static final int ms = Integer.getInteger("ms", 100);

    public static void main(String[] args) {
        if (ms == 13) {
            System.err.println("spin: ms = 13 fails on purpose");
            System.exit(1);
        }
        System.out.println("spin: " + ms + " ms");
        spin();
    }

    //@lcm model: pc = ms/1000
    static void spin() {
        long end = System.nanoTime() + ms * 1_000_000L;
        while (System.nanoTime() < end) {
            Thread.onSpinWait();
        }
    }
}
