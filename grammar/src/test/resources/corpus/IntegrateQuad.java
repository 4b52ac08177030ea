// The idiom of jsr166's adaptive quadrature loops (written for lcm): a fork/join task whose
// compute() evaluates the integral by a sequential recursion, invoked once per repetition.
// The recursion holds no parallel construct: it is plain code, with a warning, not an error.
// expect-warning: IntegrateQuad.java:24:13: warning: recursive fork/join task 'SQuad': lcm cannot read how deep it splits
// expect-warning: IntegrateQuad.java:57:20: warning: recursion recEval -> recEval is only computation (no parallel construct below it): its recursive calls are modelled as plain code whose cost lcm cannot expand; give 'recEval' a 'model:' (or put the call inside a fragment) for its cost
// expect-dag: serial main(leaf, loop[reps](serial SQuad(leaf), parallel-loop(serial compute(serial f(leaf), ^f, serial recEval(leaf, ^f, leaf, leaf recEval (recursive), leaf))), leaf), leaf)
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.RecursiveAction;

public class IntegrateQuad {
    static final double ERROR_TOLERANCE = 1.0e-11;

    static double f(double x) {
        return (x * x + 1.0) * x;
    }

    public static void main(String[] args) {
        int reps = Integer.parseInt(args[0]);
        double upper = Double.parseDouble(args[1]);
        ForkJoinPool pool = new ForkJoinPool();
        double a = 0;
        for (int rep = 0; rep < reps; rep++) {
            SQuad q = new SQuad(0.0, upper);
            pool.invoke(q);
            a += q.area;
        }
        System.out.println(a);
    }

    static final class SQuad extends RecursiveAction {
        final double left;
        final double right;
        double area;

        SQuad(double left, double right) {
            this.left = left;
            this.right = right;
        }

        @Override
        protected void compute() {
            double fl = f(left);
            double fr = f(right);
            area = recEval(left, right, fl, fr, (fl + fr) * (right - left) * 0.5);
        }

        static double recEval(double l, double r, double fl, double fr, double a) {
            double h = (r - l) * 0.5;
            double c = l + h;
            double fc = f(c);
            double al = (fl + fc) * h * 0.5;
            double ar = (fr + fc) * h * 0.5;
            double alr = al + ar;
            if (Math.abs(alr - a) <= ERROR_TOLERANCE) {
                return alr;
            }
            return recEval(c, r, fc, fr, ar) + recEval(l, c, fl, fc, al);
        }
    }
}
