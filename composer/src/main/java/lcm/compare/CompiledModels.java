package lcm.compare;

import lcm.expr.CompiledExpr;
import java.util.function.ToDoubleFunction;
import java.util.ArrayList;
import java.util.List;

/**
 * The alternatives' T_P compiled to bytecode in the domain's variable order (column, row), for
 * the grid, bisection and plots. Evaluation allocates nothing: callers pass a reusable array.
 */
public final class CompiledModels {

    private final List<String> order;
    private final ToDoubleFunction<double[]>[] functions;

    public CompiledModels(List<Alternative> fixedModels, Domain domain) {
        this.order = domain.order();
        @SuppressWarnings("unchecked")
        ToDoubleFunction<double[]>[] f = new ToDoubleFunction[fixedModels.size()];
        for (int i = 0; i < f.length; i++) {
            f[i] = fixedModels.get(i).function(order);
        }
        this.functions = f;
    }

    public int size() {
        return functions.length;
    }

    /** Variables in the order {@link #time} and {@link #best} expect them. */
    public List<String> order() {
        return order;
    }

    /** T_P of model {@code m} at {@code x} (column value, then row value). */
    public double time(int m, double[] x) {
        return functions[m].applyAsDouble(x);
    }

    /** The model with the least finite T_P at {@code x} (the first on ties), or -1 if none is finite. */
    public int best(double[] x) {
        int best = -1;
        double bestTime = Double.POSITIVE_INFINITY;
        for (int m = 0; m < functions.length; m++) {
            double t = functions[m].applyAsDouble(x);
            if (Grid.usable(t) && (best < 0 || t < bestTime)) {
                best = m;
                bestTime = t;
            }
        }
        return best;
    }

    /** T_P of every model at {@code x}. */
    public List<Double> times(double[] x) {
        List<Double> out = new ArrayList<>();
        for (int m = 0; m < functions.length; m++) {
            out.add(functions[m].applyAsDouble(x));
        }
        return out;
    }
}
