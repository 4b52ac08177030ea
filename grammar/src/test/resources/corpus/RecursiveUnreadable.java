// a recursive task whose split rule lcm cannot read: a warning names the annotation to add
// expect-dag: parallel-loop main(serial compute(serial Walk(leaf), ^Walk))
// expect-warning: recursive fork/join task 'Walk': lcm cannot read how deep it splits (a guard 'size <= THRESHOLD' over fields set by its constructor); give 'recursion: DEPTH' (2^DEPTH leaf tasks) or 'iterations: LEAVES' (the number of leaf tasks) before this statement
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.RecursiveAction;

public class RecursiveUnreadable {
    public static void main(String[] args) {
        ForkJoinPool.commonPool().invoke(new Walk(args.length));
    }
}

class Walk extends RecursiveAction {
    final int depth;

    Walk(int depth) {
        this.depth = depth;
    }

    @Override
    protected void compute() {
        if (Math.random() < 0.5) {
            invokeAll(new Walk(depth + 1), new Walk(depth + 1));
        }
    }
}
