// a parallel stream whose stage is a method reference of this class
// expect-dag: serial main(parallel-loop[n](serial row(leaf)), loop[n](^row))
import java.util.stream.IntStream;

public class StreamForEachRef {
    static int n = 1024;

    public static void main(String[] args) {
        IntStream.range(0, n).parallel().forEach(StreamForEachRef::row);
        IntStream.range(0, n).forEach(StreamForEachRef::row);
    }

    static void row(int i) {
        double x = i;
    }
}
