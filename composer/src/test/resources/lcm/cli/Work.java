import java.util.stream.IntStream;

public class Work {
    static int n = 1000;

    //@lcm model: pc = n/1000
    static void work() {
        IntStream.range(0, n).parallel().forEach(i -> { });
    }

    public static void main(String[] args) {
        work();
    }
}
