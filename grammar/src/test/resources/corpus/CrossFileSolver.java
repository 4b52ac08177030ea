// the other file of CrossFileMain.java (no program of its own)
import java.util.function.IntConsumer;
import java.util.stream.IntStream;

public class CrossFileSolver {
    final int n;

    CrossFileSolver(int n) {
        this.n = n;
    }

    //@lcm model: pc = rows*rows/p
    void relax(int rows) {
        IntStream.range(0, rows).parallel().forEach(i -> { double x = i; });
    }

    static void smooth(int m) {
        //@lcm iterations: m
        for (int k = 0; k < 4; k = k * 2 + 1) {
            IntStream.range(0, m).parallel().forEach(i -> { double y = i; });
        }
    }

    static void repeat(IntConsumer work, int times) {
        for (int t = 0; t < times; t++) {
            work.accept(t);
        }
    }
}
