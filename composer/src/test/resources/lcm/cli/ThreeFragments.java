import java.util.stream.IntStream;

/**
 * Issue 22's first defect: three marked fragments in one main (serial code, an imbalanced
 * parallel stream, a balanced one), each a part of main, not a method of its own.
 */
public class ThreeFragments {
    static volatile long sink;

    static void spin(long nanos) {
        long end = System.nanoTime() + nanos;
        while (System.nanoTime() < end) {
            sink++;
        }
    }

    public static void main(String[] args) {
        IntStream.range(0, 4).parallel().forEach(i -> spin(20_000_000L)); // warm up the pool outside the fragments
        //@lcm fragment serial
        spin(200_000_000L);
        //@lcm end fragment
        //@lcm fragment imbalanced
        IntStream.range(0, 2).parallel().forEach(i -> spin(i == 0 ? 300_000_000L : 100_000_000L));
        //@lcm end fragment
        //@lcm fragment balanced
        IntStream.range(0, 2).parallel().forEach(i -> spin(200_000_000L));
        //@lcm end fragment
    }
}
