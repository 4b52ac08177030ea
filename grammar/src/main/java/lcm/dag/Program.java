package lcm.dag;

import lcm.annotation.Annotation;
import lcm.expr.Evaluator;
import lcm.expr.Expr;
import lcm.source.Diagnostic;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A program as composition takes it, complete: its parallel-structure DAG (whose nodes say what
 * composition needs of the code: serial or replicated fragments, branches, the sizes of the
 * data their uses name), the constants its sources define (Fortran {@code parameter}, Java
 * {@code static final}), the sizes its {@code size:} lines give, the program its fragment models
 * were measured in ({@code measured-in:}), already read, and the warnings reading it gave.
 * Composition needs nothing else and never reads a source itself.
 *
 * @param measuredIn the structure the models were measured in, when a file names another one
 * @param warnings   what reading the sources found suspicious (located), for the composed model's warnings
 */
public record Program(Dag dag, Map<String, Expr> constants, List<Annotation.Size> sizes, Optional<Program> measuredIn,
                      List<Diagnostic> warnings) {

    public Program {
        constants = Collections.unmodifiableMap(new LinkedHashMap<>(constants));
        sizes = List.copyOf(sizes);
        warnings = List.copyOf(warnings);
    }

    public Node root() {
        return dag.root();
    }

    public List<Node> fragments() {
        return dag.fragments();
    }

    /**
     * The values of the constants that are numbers or follow from earlier ones (a constant may
     * use others, in any order).
     */
    public Map<String, Double> constantValues() {
        Map<String, Double> known = new LinkedHashMap<>();
        boolean progress = true;
        while (progress) {
            progress = false;
            for (Map.Entry<String, Expr> c : constants.entrySet()) {
                if (known.containsKey(c.getKey()) || !known.keySet().containsAll(c.getValue().variables())) {
                    continue;
                }
                known.put(c.getKey(), Evaluator.eval(c.getValue(), known));
                progress = true;
            }
        }
        return known;
    }
}
