package lcm.bench;

import lcm.annotation.AnnotationReader;
import lcm.expr.CompiledExpr;
import lcm.expr.Expr;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.function.ToDoubleFunction;

/**
 * How close the compiled evaluator comes to hand-written Java: T_P of the task-parallel 2D FFT
 * ({@code fixtures/fft2d/tp.f} on the KSR1, as {@code lcm compose} prints it) evaluated at the
 * same points by {@link CompiledExpr} (bytecode and interpreted tiers) and by a lambda a
 * programmer would write for the same model, with {@code log(n)}, {@code sqrt(0.5*p)} and
 * {@code max(0.5*p-4, 0)} computed once. Each variant runs {@value #RUNS} times after
 * {@value #WARMUP} warm-up runs; the figure is the median run. No JMH: one thread, a fixed set
 * of points, a sink the JIT cannot remove.
 */
public final class CompiledModelBenchmark {

    /** T_P(n, p, itors) of tp.f on ksr1.machine, in lcm's exact normal form. */
    static final String TP_MODEL = "max(itors*((n^2/51200+6.25e-7*n*p*sqrt(0.5*p)+0.002*p+2e-8*n^2*p"
            + "+n^2*max(0.5*p-4, 0)/14150000)/p+(n^2*log(n)/71000+n*log(n)*p*sqrt(0.5*p)/2300000+0.002*p"
            + "+4e-8*n^2*p+n^2*max(0.5*p-4, 0)/14150000)/p), 0.5*itors*((n^2/34150+n*p*sqrt(0.5*p)/1100000"
            + "+0.002*p+8e-8*n^2*p+n^2*max(0.5*p-4, 0)/7075000)/p+(n^2*log(n)/71000"
            + "+n*log(n)*p*sqrt(0.5*p)/2300000+0.002*p+4e-8*n^2*p+n^2*max(0.5*p-4, 0)/14150000)/p))+0.06";

    static final List<String> VARIABLES = List.of("n", "p", "itors");

    private static final int POINTS = 4096;
    private static final int EVALUATIONS = 2_000_000;
    private static final int WARMUP = 8;
    private static final int RUNS = 15;

    private CompiledModelBenchmark() {
    }

    /** The same model by hand: what the compiler should come close to. */
    static double byHand(double[] x) {
        double n = x[0];
        double p = x[1];
        double itors = x[2];
        double n2 = n * n;
        double ln = Math.log(n);
        double sp = Math.sqrt(0.5 * p);
        double m = n2 * Math.max(0.5 * p - 4, 0);
        double both = (n2 * ln / 71000 + n * ln * p * sp / 2300000 + 0.002 * p + 4e-8 * n2 * p + m / 14150000) / p;
        double a = itors * ((n2 / 51200 + 6.25e-7 * n * p * sp + 0.002 * p + 2e-8 * n2 * p + m / 14150000) / p + both);
        double b = 0.5 * itors * ((n2 / 34150 + n * p * sp / 1100000 + 0.002 * p + 8e-8 * n2 * p + m / 7075000) / p + both);
        return Math.max(a, b) + 0.06;
    }

    /** One line per variant: median nanoseconds per evaluation, and the ratio to the hand-written lambda. */
    public static List<String> run() {
        Expr model = AnnotationReader.expression(TP_MODEL);
        CompiledExpr bytecode = CompiledExpr.compileToBytecode(model, VARIABLES);
        CompiledExpr tape = CompiledExpr.compile(model, VARIABLES);
        double[][] points = points();
        for (double[] x : points) {
            double hand = byHand(x);
            double compiled = bytecode.eval(x);
            if (Math.abs(hand - compiled) > 1e-12 * Math.abs(hand)) {
                throw new IllegalStateException("the lambda and the model disagree at " + Arrays.toString(x) + ": "
                        + hand + " vs " + compiled);
            }
        }
        double handNs = median(CompiledModelBenchmark::byHand, points);
        double compiledNs = median(bytecode::eval, points);
        // the interpreter tier, measured before it would switch itself to bytecode
        double tapeNs = medianInterpreted(tape, points);
        List<String> out = new ArrayList<>();
        out.add(String.format(Locale.ROOT, "%-52s %12.2f %-10s (%d instructions for %d operations)",
                "evaluate T_P of tp.f: hand-written lambda", handNs, "ns", bytecode.instructions(), operations(model)));
        out.add(String.format(Locale.ROOT, "%-52s %12.2f %-10s (%.2fx the lambda, target <= 1.2x)",
                "  compiled to bytecode", compiledNs, "ns", compiledNs / handNs));
        out.add(String.format(Locale.ROOT, "%-52s %12.2f %-10s (%.2fx the lambda)",
                "  interpreted tape", tapeNs, "ns", tapeNs / handNs));
        return out;
    }

    private static double[][] points() {
        double[][] points = new double[POINTS][];
        for (int i = 0; i < POINTS; i++) {
            points[i] = new double[] {64 + 16 * (i % 61), 1 + i % 64, 1 + i % 32};
        }
        return points;
    }

    private static double median(ToDoubleFunction<double[]> f, double[][] points) {
        double[] runs = new double[RUNS];
        double sink = 0;
        for (int r = -WARMUP; r < RUNS; r++) {
            long t0 = System.nanoTime();
            for (int i = 0; i < EVALUATIONS; i++) {
                sink += f.applyAsDouble(points[i & (POINTS - 1)]);
            }
            if (r >= 0) {
                runs[r] = (System.nanoTime() - t0) / (double) EVALUATIONS;
            }
        }
        consume(sink);
        Arrays.sort(runs);
        return runs[RUNS / 2];
    }

    private static double medianInterpreted(CompiledExpr fresh, double[][] points) {
        Expr model = AnnotationReader.expression(TP_MODEL);
        double[] runs = new double[RUNS];
        double sink = 0;
        int evaluations = 20_000;
        for (int r = -WARMUP; r < RUNS; r++) {
            // a fresh instance per run stays in the interpreter tier (it switches after ~2 million instructions)
            CompiledExpr c = r == -WARMUP ? fresh : CompiledExpr.compile(model, VARIABLES);
            long t0 = System.nanoTime();
            for (int i = 0; i < evaluations; i++) {
                sink += c.eval(points[i & (POINTS - 1)]);
            }
            if (r >= 0) {
                runs[r] = (System.nanoTime() - t0) / (double) evaluations;
            }
        }
        consume(sink);
        Arrays.sort(runs);
        return runs[RUNS / 2];
    }

    private static int operations(Expr e) {
        if (e instanceof Expr.Neg n) {
            return 1 + operations(n.operand());
        }
        if (e instanceof Expr.Bin b) {
            return 1 + operations(b.left()) + operations(b.right());
        }
        if (e instanceof Expr.Call c) {
            return 1 + c.args().stream().mapToInt(CompiledModelBenchmark::operations).sum();
        }
        return 1;
    }

    private static void consume(double sink) {
        if (sink == 42.4242) {
            System.out.print("");
        }
    }

    public static void main(String[] args) {
        run().forEach(System.out::println);
    }
}
