// jsr166-style quadrature whose split rule depends on the function's values: 'recursion: DEPTH'
// gives the depth, 2^DEPTH leaf tasks (here 2^levels)
// expect-dag: serial main(leaf, parallel-loop[2^levels](serial compute(leaf, serial(serial Quad(leaf), ^Quad, leaf), leaf)), leaf)
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.RecursiveTask;

public class RecursiveDepth {
    public static void main(String[] args) {
        int levels = Integer.parseInt(args[0]);
        //@lcm recursion: levels
        double area = ForkJoinPool.commonPool().invoke(new Quad(0.0, 1.0, 0.5));
        System.out.println(area);
    }
}

class Quad extends RecursiveTask<Double> {
    final double l;
    final double r;
    final double area;

    Quad(double l, double r, double area) {
        this.l = l;
        this.r = r;
        this.area = area;
    }

    @Override
    protected Double compute() {
        double c = (l + r) / 2;
        double la = (c - l) * c * c;
        double ra = (r - c) * c * c;
        if (Math.abs(la + ra - area) > 1e-9) {
            Quad left = new Quad(l, c, la);
            Quad right = new Quad(c, r, ra);
            left.fork();
            return right.compute() + left.join();
        }
        return la + ra;
    }
}
