package lcm.bench;

import lcm.expr.NumberText;
import lcm.algebra.Alg;
import lcm.expr.CompiledExpr;
import lcm.annotation.AnnotationReader;
import lcm.expr.Expr;
import lcm.symbolic.Simplifier;
import lcm.symbolic.SymjaBridge;

import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The evaluation figures: T_P of the task-parallel 2D FFT (as lcm composes fixtures/fft2d/tp.f,
 * written out here so that the figure does not move when composition rules change) evaluated at
 * 10^6 points compiled, against the same formula hand-written as a Java lambda (the anchor,
 * target within 1.2x), and through Symja one point at a time, warm, over 10^4 points.
 */
public final class EvalBenchmark {

    /** T_P(n, p, itors) of tp.f without a machine file. */
    static final String MODEL = "max(itors*((n^2/51200+6.25e-7*n*p*sqrt(0.5*p)+0.002*p+2e-8*n^2*p"
            + "+n^2*max(0.5*p-4, 0)/14150000)/p+(n^2*log(n)/71000+n*log(n)*p*sqrt(0.5*p)/2300000+0.002*p"
            + "+4e-8*n^2*p+n^2*max(0.5*p-4, 0)/14150000)/p), 0.5*itors*((n^2/34150+n*p*sqrt(0.5*p)/1100000"
            + "+0.002*p+8e-8*n^2*p+n^2*max(0.5*p-4, 0)/7075000)/p+(n^2*log(n)/71000+n*log(n)*p*sqrt(0.5*p)"
            + "/2300000+0.002*p+4e-8*n^2*p+n^2*max(0.5*p-4, 0)/14150000)/p))+0.06";
    static final List<String> VARIABLES = List.of("n", "p", "itors");

    /** The anchor: the same formula as a person would write it in Java. */
    static double handWritten(double[] x) {
        double n = x[0];
        double p = x[1];
        double itors = x[2];
        double s = Math.sqrt(0.5 * p);
        double ln = Math.log(n);
        double rc = n * n * Math.max(0.5 * p - 4, 0);
        double cffts = (n * n * ln / 71000 + n * ln * p * s / 2300000 + 0.002 * p + 4e-8 * n * n * p + rc / 14150000) / p;
        double first = itors * ((n * n / 51200 + 6.25e-7 * n * p * s + 0.002 * p + 2e-8 * n * n * p + rc / 14150000) / p
                + cffts);
        double second = 0.5 * itors * ((n * n / 34150 + n * p * s / 1100000 + 0.002 * p + 8e-8 * n * n * p
                + rc / 7075000) / p + cffts);
        return Math.max(first, second) + 0.06;
    }

    private EvalBenchmark() {
    }

    public static List<Figure> run(int points, int symjaPoints, int runs) {
        Expr model = AnnotationReader.expression(MODEL);
        CompiledExpr compiled = CompiledExpr.compile(model, VARIABLES);
        check(model, compiled);
        Sample c = Measure.runs(3, runs, () -> sweep(points, compiled::eval));
        Sample h = Measure.runs(3, runs, () -> sweep(points, EvalBenchmark::handWritten));
        Figure fc = Figure.seconds("eval.compiled", "evaluate T_P of tp.f at " + NumberText.count(points)
                + " points (compiled)", c, Double.NaN);
        // CPU medians like every target (wall time counts other people's work), unless they are too
        // short for the process clock's 10 ms ticks to tell them apart
        boolean cpu = c.cpuMedian() >= 0.5 && h.cpuMedian() >= 0.5;
        double ratio = cpu ? c.cpuMedian() / h.cpuMedian() : c.wallMedian() / h.wallMedian();
        fc = new Figure(fc.key(), fc.label(), c, fc.value(), "s", "<= 1.2x the lambda", ratio <= 1.2,
                "the hand-written lambda", ratio, NumberText.count(Math.round(points / c.wallMedian())) + " points/s",
                cpu ? "cpu" : "wall");
        Figure fh = Figure.seconds("eval.lambda", "  anchor: the same formula as a hand-written lambda", h, Double.NaN)
                .withNote(NumberText.count(Math.round(points / h.wallMedian())) + " points/s");
        SymjaBridge bridge = new SymjaBridge(VARIABLES);
        // start the engine and let the JIT see the loop before timing
        Sample s = Measure.runs(1, runs, () -> symja(model, bridge, symjaPoints));
        double rate = symjaPoints / s.wallMedian();
        Figure fs = new Figure("eval.symja", "  Symja, one point at a time, warm, "
                + NumberText.count(symjaPoints) + " points", s, rate, "points/s", "", null,
                "the compiled rate", (points / c.wallMedian()) / rate, "", "");
        return List.of(fc, fh, fs);
    }

    /** The compiled model and the lambda must agree, or the anchor means nothing. */
    private static void check(Expr model, CompiledExpr compiled) {
        double[] x = {1024, 26, 16};
        double a = compiled.eval(x);
        double b = handWritten(x);
        if (Math.abs(a - b) > 1e-9 * Math.abs(b)) {
            throw new IllegalStateException("the hand-written anchor differs from the model: " + a + " vs " + b);
        }
    }

    private interface Fn {
        double eval(double[] x);
    }

    private static double sweep(int points, Fn f) {
        double[] x = new double[3];
        double sum = 0;
        for (int i = 0; i < points; i++) {
            fill(x, i);
            sum += f.eval(x);
        }
        return sum;
    }

    private static double symja(Expr model, SymjaBridge bridge, int points) {
        Double sum = Simplifier.run(() -> {
            double[] x = new double[3];
            double total = 0;
            for (int i = 0; i < points; i++) {
                fill(x, i);
                Map<String, Expr> values = new HashMap<>();
                for (int k = 0; k < 3; k++) {
                    values.put(VARIABLES.get(k), Alg.num(x[k]));
                }
                total += Simplifier.numeric(bridge.toSymja(Alg.substitute(model, values)));
            }
            return total;
        }, Duration.ofMinutes(10));
        if (sum == null) {
            throw new IllegalStateException("Symja did not evaluate the model");
        }
        return sum;
    }

    private static void fill(double[] x, int i) {
        x[0] = 64 + (i % 961);
        x[1] = 1 + (i / 961) % 64;
        x[2] = 1 + (i % 32);
    }
}
