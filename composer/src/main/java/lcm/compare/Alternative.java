package lcm.compare;

import lcm.algebra.Alg;
import lcm.annotation.Category;
import lcm.expr.Expr;

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
 */
public record Alternative(String name, String file, Kind kind, List<String> variables, Expr time,
                          Map<Category, Expr> categories, Map<String, Double> defaults, List<String> warnings) {

    /** Where a model came from. */
    public enum Kind { PROGRAM, MODEL_FILE }

    public Alternative {
        variables = List.copyOf(variables);
        EnumMap<Category, Expr> all = new EnumMap<>(Category.class);
        for (Category c : Category.values()) {
            all.put(c, categories.getOrDefault(c, Alg.ZERO));
        }
        categories = java.util.Collections.unmodifiableMap(all);
        defaults = Map.copyOf(defaults);
        warnings = List.copyOf(warnings);
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
        return new Alternative(name, file, kind, left, Alg.substitute(time, subst), cats, defs, warnings);
    }

    /** Whether T_P depends on the number of processors. */
    public boolean hasP() {
        return variables.contains("p");
    }

    /** Orders variables the way lcm prints them: n, p, then the others in order of appearance. */
    static List<String> ordered(java.util.Collection<String> vars) {
        List<String> out = new ArrayList<>();
        for (String first : List.of("n", "p")) {
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
