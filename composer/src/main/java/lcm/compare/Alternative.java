package lcm.compare;

import lcm.expr.Processors;
import lcm.compose.SyncNode;
import lcm.expr.CompiledExpr;
import lcm.expr.Evaluator;
import lcm.algebra.Alg;
import lcm.annotation.Category;
import lcm.width.PointCheck;
import lcm.expr.Expr;

import java.util.Collection;
import java.util.Collections;
import java.util.function.ToDoubleFunction;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One alternative of a comparison: a program composed from annotated sources, or a model file.
 *
 * @param name       short name for tables and legends (file names without folders)
 * @param file       the command-line argument it came from ({@code tp.f}, {@code a.f+b.f}, {@code dp.lcm})
 * @param kind       where the model came from
 * @param variables  free variables of the model, n and p first
 * @param time       T_P
 * @param categories lost cycles per category (processor-seconds; T_P = their sum / p)
 * @param defaults   values the sources give some variables (Fortran parameters)
 * @param warnings   warnings of the composition
 * @param sync       parallel nodes whose tasks synchronize (their variables get values from critical
 *                   paths at each point), and the values fixed so far; empty for a closed form
 * @param extrapolations checks that say where a fragment model is used more than 2x beyond the
 *                   range it was fitted on (its {@code fitted-on:} line)
 */
public record Alternative(String name, String file, Kind kind, List<String> variables, Expr time,
                          Map<Category, Expr> categories, Map<String, Double> defaults, List<String> warnings,
                          Synchronization sync, List<PointCheck> extrapolations) {

    /** Where a model came from. */
    public enum Kind { PROGRAM, MODEL_FILE }

    /** The synchronized parts of a model: evaluated numerically, point by point. */
    public record Synchronization(List<SyncNode> nodes, Map<String, Double> fixed) {
        public static final Synchronization NONE = new Synchronization(List.of(), Map.of());

        public Synchronization {
            nodes = List.copyOf(nodes);
            fixed = Map.copyOf(fixed);
        }
    }

    /** A closed-form model. */
    public Alternative(String name, String file, Kind kind, List<String> variables, Expr time,
                       Map<Category, Expr> categories, Map<String, Double> defaults, List<String> warnings) {
        this(name, file, kind, variables, time, categories, defaults, warnings, Synchronization.NONE, List.of());
    }

    /** Whether parts of T_P come from critical paths (no closed form). */
    public boolean synchronizes() {
        return !sync.nodes().isEmpty();
    }

    /** {@code at} with the fixed values and the synchronized nodes' values at that point added. */
    public Map<String, Double> complete(Map<String, Double> at) {
        if (!synchronizes()) {
            return at;
        }
        Map<String, Double> all = new LinkedHashMap<>(sync.fixed());
        all.putAll(at);
        for (SyncNode s : sync.nodes()) {
            s.addValues(all, s.evaluate(all));
        }
        return all;
    }

    /** T_P at a point (values of the remaining variables). */
    public double timeAt(Map<String, Double> at) {
        return Evaluator.eval(time, complete(at));
    }

    /** T_P as a function of values in {@code order}: compiled for a closed form, point by point otherwise. */
    public ToDoubleFunction<double[]> function(List<String> order) {
        if (!synchronizes()) {
            CompiledExpr f = CompiledExpr.compile(time, order);
            return f::eval;
        }
        List<String> names = List.copyOf(order);
        return x -> {
            Map<String, Double> at = new LinkedHashMap<>();
            for (int i = 0; i < names.size(); i++) {
                at.put(names.get(i), x[i]);
            }
            return timeAt(at);
        };
    }

    public Alternative {
        variables = List.copyOf(variables);
        EnumMap<Category, Expr> all = new EnumMap<>(Category.class);
        for (Category c : Category.values()) {
            all.put(c, categories.getOrDefault(c, Alg.ZERO));
        }
        categories = Collections.unmodifiableMap(all);
        defaults = Map.copyOf(defaults);
        warnings = List.copyOf(warnings);
        extrapolations = List.copyOf(extrapolations);
    }

    /** The same alternative with {@code values} substituted: those variables are gone. */
    public Alternative fix(Map<String, Double> values) {
        Map<String, Expr> subst = new LinkedHashMap<>();
        values.forEach((k, v) -> {
            if (variables.contains(k)) {
                subst.put(k, Alg.num(v));
            }
        });
        if (subst.isEmpty()) {
            return this;
        }
        Map<Category, Expr> cats = new EnumMap<>(Category.class);
        categories.forEach((c, e) -> cats.put(c, Alg.substitute(e, subst)));
        List<String> left = new ArrayList<>(variables);
        left.removeAll(subst.keySet());
        Map<String, Double> defs = new LinkedHashMap<>(defaults);
        defs.keySet().removeAll(subst.keySet());
        Map<String, Double> fixedSoFar = new LinkedHashMap<>(sync.fixed());
        values.forEach((k, v) -> {
            if (variables.contains(k)) {
                fixedSoFar.put(k, v);
            }
        });
        Synchronization s = synchronizes() ? new Synchronization(sync.nodes(), fixedSoFar) : sync;
        return new Alternative(name, file, kind, left, Alg.substitute(time, subst), cats, defs, warnings, s,
                extrapolations);
    }

    /** Whether T_P depends on the number of processors. */
    public boolean hasP() {
        return variables.contains(Processors.NAME);
    }

    /** Orders variables the way lcm prints them: n, p, then the others in order of appearance. */
    static List<String> ordered(Collection<String> vars) {
        List<String> out = new ArrayList<>();
        for (String first : List.of("n", Processors.NAME)) {
            if (vars.contains(first)) {
                out.add(first);
            }
        }
        for (String v : vars) {
            if (!out.contains(v)) {
                out.add(v);
            }
        }
        return out;
    }
}
