// the same with the annotation the warning asks for
// expect-dag: parallel-loop main[leaves](serial compute(serial Walk2(leaf), ^Walk2))
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.RecursiveAction;

public class RecursiveAnnotated {
    public static void main(String[] args) {
        //@lcm iterations: leaves
        ForkJoinPool.commonPool().invoke(new Walk2(args.length));
    }
}

class Walk2 extends RecursiveAction {
    final int depth;

    Walk2(int depth) {
        this.depth = depth;
    }

    @Override
    protected void compute() {
        if (Math.random() < 0.5) {
            invokeAll(new Walk2(depth + 1), new Walk2(depth + 1));
        }
    }
}
