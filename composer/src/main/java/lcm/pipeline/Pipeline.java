package lcm.pipeline;

import lcm.compose.ComposeOptions;
import lcm.compose.ComposedModel;
import lcm.compose.Composer;
import lcm.compose.Env;
import lcm.dag.Dag;
import lcm.fortran.FortranOptions;
import lcm.frontend.Frontends;
import lcm.frontend.Program;
import lcm.frontend.ProgramReader;
import lcm.source.Diagnostics;
import lcm.source.SourceRegistry;
import lcm.source.UserError;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The driver: source files -> {@link Program} (front end, measured-in program included) ->
 * {@link ComposedModel} (composition). Reports are made from its result by the caller. The one
 * place where the front end and composition meet; composition itself never parses.
 */
public final class Pipeline {

    private final SourceRegistry sources;
    private final FortranOptions fortran;

    public Pipeline(SourceRegistry sources) {
        this(sources, FortranOptions.DEFAULT);
    }

    /** A driver whose front end reads Fortran with these options (-D, line length, form, OpenMP). */
    public Pipeline(SourceRegistry sources, FortranOptions fortran) {
        this.sources = sources;
        this.fortran = fortran;
    }

    /** The program of {@code files}, or a {@link UserError} with every error found. */
    public Program read(List<Path> files, Diagnostics diagnostics) {
        return new ProgramReader(sources, fortran).read(files, diagnostics);
    }

    /** The DAG of {@code files} alone (for callers that only show the structure). */
    public Dag dag(List<Path> files, Diagnostics diagnostics) {
        return new Frontends(sources, fortran).dag(files, diagnostics);
    }

    /** Reads and composes {@code files}. */
    public ComposedModel compose(List<Path> files, ComposeOptions options, Diagnostics diagnostics) {
        Program program = read(files, diagnostics);
        return compose(program, options, diagnostics);
    }

    /** Composes a program read before; the front end's warnings join the model's. */
    public ComposedModel compose(Program program, ComposeOptions options, Diagnostics diagnostics) {
        ComposedModel m = new Composer(options).compose(program.dag(), program.measuredIn().map(Program::dag));
        List<String> warnings = new ArrayList<>(m.warnings());
        diagnostics.warnings().forEach(d -> warnings.add(d.placed()));
        return new ComposedModel(m.variables(), m.time(), m.categories(), m.transfers(), m.steps(), warnings,
                defaults(program, m.variables()), m.syncNodes(), m.checks());
    }

    /**
     * Values the sources give the model's variables: the program's constants. p never has one:
     * the processor count is always the user's.
     */
    private static Map<String, Double> defaults(Program program, List<String> variables) {
        Map<String, Double> known = program.constantValues();
        Map<String, Double> out = new LinkedHashMap<>();
        for (String v : variables) {
            if (!v.equals(Env.PROCESSORS) && known.containsKey(v)) {
                out.put(v, known.get(v));
            }
        }
        return out;
    }
}
