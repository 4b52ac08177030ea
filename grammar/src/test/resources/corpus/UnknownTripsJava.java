// loops whose trip count lcm cannot read warn where they stand and name the annotation to add;
// the loop that carries 'iterations:' does not warn
// expect-dag: serial main(leaf, loop[n](parallel-loop[n](leaf)), loop(parallel-loop[n](leaf)), loop[rounds](parallel-loop[n](leaf)))
// expect-warning: UnknownTripsJava.java:14:9: warning: loop with an unknown trip count (a[0] < 100.0); add 'iterations: N' (its number of trips) before the loop
import java.util.stream.IntStream;

public class UnknownTripsJava {
    public static void main(String[] args) {
        int n = args.length;
        double[] a = new double[n];
        for (int i = 0; i < n; i++) {
            IntStream.range(0, n).parallel().forEach(j -> a[j] += 1.0);
        }
        while (a[0] < 100.0) {
            IntStream.range(0, n).parallel().forEach(j -> a[j] *= 2.0);
        }
        //@lcm iterations: rounds
        while (a[0] > 1.0) {
            IntStream.range(0, n).parallel().forEach(j -> a[j] /= 2.0);
        }
    }
}
