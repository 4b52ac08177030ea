import java.util.stream.IntStream;

/** Test program for lcm measure's measured region: fragments in class initialization and in a warm-up. */
public class Warmed {

    static volatile double sink;

    static {
        begin(); // class initialization: before main, never measured
    }

    //@lcm model: pc = 1
    static void begin() {
        sink += 1;
    }

    //@lcm model: pc = 1
    static void work() {
        IntStream.range(0, 2).parallel().forEach(i -> {
            for (int k = 0; k < 100_000; k++) {
                sink += k;
            }
        });
    }

    public static void main(String[] args) {
        //@lcm iterations: 0
        for (int w = 0; w < 3; w++) {
            work();
        }
        begin();
        work();
    }
}
