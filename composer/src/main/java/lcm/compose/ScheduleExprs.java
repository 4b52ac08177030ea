package lcm.compose;

import lcm.annotation.AnnotationReader;
import lcm.expr.CompiledExprs;
import lcm.expr.Evaluator;
import lcm.expr.Expr;
import lcm.source.UserError;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * The expressions a pool's schedule evaluates at every unit, prepared once for one schedule: a
 * unit's cost at a width is asked for every unit of every repetition of a task, and each data
 * item's subscripts are valued there; evaluating them from their text compiled each model and
 * parsed each subscript again at each unit (`lcm explore --range` on the Java FFT, a pool
 * program, ran for over 10 minutes). One tape a fragment and set of variable names, one parse a
 * subscript; the values are the doubles the one-expression evaluation gives (the same operations
 * on the same operands).
 */
final class ScheduleExprs {

    /** A fragment's models on one tape, for units whose variables are {@code names} and then the width. */
    record Compiled(List<String> names, CompiledExprs tape) {

        /** The variables' values at {@code at}, in the tape's order, with room for the width last. */
        double[] values(Map<String, Double> at) {
            double[] x = new double[names.size() + 1];
            for (int i = 0; i < names.size(); i++) {
                x[i] = at.get(names.get(i));
            }
            return x;
        }

        /** The models' values (the non-null ones, in order) at {@code x} with the width {@code width}. */
        double[] eval(double[] x, double width) {
            double[] at = x.clone();
            at[at.length - 1] = width;
            return tape.eval(at);
        }
    }

    private final Map<PoolTemplate.Fragment, Optional<Compiled>> tapes = new IdentityHashMap<>();
    private final Map<String, Optional<Expr>> subscripts = new HashMap<>();

    /** A subscript's expression, parsed once; empty for one lcm cannot read (a section, {@code 1:n}). */
    Optional<Expr> subscript(String text) {
        return subscripts.computeIfAbsent(text, s -> {
            try {
                return Optional.of(AnnotationReader.expression(s));
            } catch (IllegalArgumentException | UserError unreadable) {
                return Optional.empty();
            }
        });
    }

    /** A subscript's value where the loops' variables are {@code vars}: a variable's own value, else evaluated. */
    static double value(Expr subscript, Map<String, Double> vars) {
        if (subscript instanceof Expr.Var v && vars.get(v.name()) != null) {
            return vars.get(v.name());
        }
        return Evaluator.eval(subscript, vars);
    }

    /**
     * The fragment's non-null {@code models} compiled for units at {@code at}; empty where a value
     * is missing or a model names a variable {@code at} does not (the one-expression evaluation
     * then gives its error, as before).
     */
    Optional<Compiled> compile(PoolTemplate.Fragment f, Expr[] models, Map<String, Double> at) {
        if (at.containsValue(null) || at.containsKey(PoolNode.WIDTH)) {
            return Optional.empty();
        }
        List<String> names = new ArrayList<>(at.keySet());
        Optional<Compiled> known = tapes.get(f);
        if (known != null && known.map(c -> c.names().equals(names)).orElse(false)) {
            return known;
        }
        List<String> variables = new ArrayList<>(names);
        variables.add(PoolNode.WIDTH);
        Optional<Compiled> out;
        try {
            out = Optional.of(new Compiled(names, CompiledExprs.compile(
                    Arrays.stream(models).filter(Objects::nonNull).toList(), List.of(), variables)));
        } catch (IllegalArgumentException unbound) {
            out = Optional.empty();
        }
        tapes.put(f, out);
        return out;
    }
}
