package lcm.campaign;

import lcm.dag.Node;
import lcm.expr.Expr;
import lcm.fortran.FortranOptions;
import lcm.antlr.Parsed;
import lcm.dag.Program;
import lcm.frontend.ProgramReader;
import lcm.source.Diagnostic;
import lcm.source.SourceRegistry;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * The variables of a program as its sources show them: the names in its loops' trip counts and
 * its fragments' models, less the constants the sources define (Fortran {@code parameter}, Java
 * {@code static final} numbers), which keep their value in every run.
 *
 * @param used     the variables the sources use, p included when a model uses it
 * @param defined  the constants among the names used, with their values
 * @param warnings what reading the sources warned about
 */
public record ProgramVariables(Set<String> used, Map<String, Double> defined, List<Diagnostic> warnings) {

    public static ProgramVariables read(List<Path> files, SourceRegistry sources, FortranOptions fortran) {
        Parsed<Program> read = new ProgramReader(sources, fortran).read(files);
        Program program = read.orThrow();
        Set<String> names = new TreeSet<>();
        for (Node n : program.dag().nodes()) {
            n.trips().ifPresent(t -> names.addAll(t.variables()));
            for (Expr e : n.model().values()) {
                names.addAll(e.variables());
            }
        }
        Map<String, Double> constants = program.constantValues();
        Map<String, Double> defined = new TreeMap<>();
        Set<String> used = new TreeSet<>();
        for (String name : names) {
            if (constants.containsKey(name)) {
                defined.put(name, constants.get(name));
            } else {
                used.add(name);
            }
        }
        return new ProgramVariables(used, defined, read.warnings());
    }
}
