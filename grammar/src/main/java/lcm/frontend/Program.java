package lcm.frontend;

import lcm.annotation.Annotation;
import lcm.dag.Dag;
import lcm.dag.Node;
import lcm.expr.Evaluator;
import lcm.expr.Expr;
import lcm.structure.ParsedFile;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * What the front end hands on: a program's parallel-structure DAG, the constants its sources
 * define (Fortran {@code parameter}, Java {@code static final}), the sizes its {@code size:}
 * lines give, and the program its fragment models were measured in ({@code measured-in:}),
 * already read. Composition needs nothing else and never calls the front end itself.
 *
 * @param measuredIn the structure the models were measured in, when a file names another one
 */
public record Program(Dag dag, Map<String, Expr> constants, List<Annotation.Size> sizes, Optional<Program> measuredIn) {

    public Program {
        constants = Collections.unmodifiableMap(new LinkedHashMap<>(constants));
        sizes = List.copyOf(sizes);
    }

    /** The program of {@code dag}, its constants and sizes taken from its files. */
    static Program of(Dag dag, Optional<Program> measuredIn) {
        Map<String, Expr> constants = new LinkedHashMap<>();
        List<Annotation.Size> sizes = new ArrayList<>();
        for (ParsedFile f : dag.files()) {
            f.constants().forEach(constants::putIfAbsent);
            sizes.addAll(f.sizes());
        }
        return new Program(dag, constants, sizes, measuredIn);
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
