package lcm.compose;

import lcm.annotation.Annotation;
import lcm.dag.Dag;
import lcm.dag.Node;
import lcm.frontend.Frontends;
import lcm.source.Diagnostic;
import lcm.source.Diagnostics;
import lcm.source.SourceRegistry;
import lcm.source.UserError;
import lcm.structure.ParsedFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * The compose pipeline as a library call: parse the sources, build the DAG, find the measured
 * structure ({@code measured-in:}), check its fragments match, compose.
 */
public final class ProgramComposer {

    private final SourceRegistry sources;

    public ProgramComposer(SourceRegistry sources) {
        this.sources = sources;
    }

    /** The DAG and warnings of a program, or a {@link UserError} with every error found. */
    public Dag dag(List<Path> files, Diagnostics diagnostics) {
        return new Frontends(sources).dag(files, diagnostics);
    }

    public ComposedModel compose(List<Path> files, ComposeOptions options, Diagnostics diagnostics) {
        Dag dag = dag(files, diagnostics);
        Optional<Dag> measured = measured(dag, diagnostics);
        UserError.throwIfErrors(diagnostics);
        ComposedModel m = new Composer(options).compose(dag, measured);
        List<String> warnings = new ArrayList<>(m.warnings());
        diagnostics.warnings().forEach(d -> warnings.add(d.headline()));
        return new ComposedModel(m.variables(), m.time(), m.categories(), m.transfers(), m.steps(), warnings,
                defaults(dag, m.variables()), m.syncNodes());
    }

    /**
     * Values the sources give the model's variables: Fortran {@code parameter} and Java
     * {@code static final} constants (a constant may use earlier ones). p never has one:
     * the processor count is always the user's.
     */
    static java.util.Map<String, Double> defaults(Dag dag, List<String> variables) {
        java.util.Map<String, lcm.expr.Expr> constants = new java.util.LinkedHashMap<>();
        for (ParsedFile f : dag.files()) {
            f.constants().forEach(constants::putIfAbsent);
        }
        java.util.Map<String, Double> known = new java.util.LinkedHashMap<>();
        boolean progress = true;
        while (progress) {
            progress = false;
            for (java.util.Map.Entry<String, lcm.expr.Expr> c : constants.entrySet()) {
                if (known.containsKey(c.getKey()) || !known.keySet().containsAll(c.getValue().variables())) {
                    continue;
                }
                known.put(c.getKey(), lcm.expr.Evaluator.eval(c.getValue(), known));
                progress = true;
            }
        }
        java.util.Map<String, Double> out = new java.util.LinkedHashMap<>();
        for (String v : variables) {
            if (!v.equals(Env.PROCESSORS) && known.containsKey(v)) {
                out.put(v, known.get(v));
            }
        }
        return out;
    }

    /** The structure the fragment models were measured in, when a file says so. */
    public Optional<Dag> measured(Dag dag, Diagnostics diagnostics) {
        Set<Path> targets = new LinkedHashSet<>();
        Annotation.MeasuredIn first = null;
        for (ParsedFile f : dag.files()) {
            Optional<Annotation.MeasuredIn> m = f.measuredIn();
            if (m.isEmpty()) {
                continue;
            }
            Path base = f.path().getParent();
            Path target = base == null ? Path.of(m.get().path()) : base.resolve(m.get().path()).normalize();
            if (!Files.isRegularFile(target)) {
                diagnostics.add(Diagnostic.error(m.get().at(), "measured-in file '" + m.get().path() + "' does not exist"));
                continue;
            }
            if (dag.files().stream().anyMatch(x -> x.path().toAbsolutePath().normalize()
                    .equals(target.toAbsolutePath().normalize()))) {
                continue; // measured in itself
            }
            targets.add(target);
            if (first == null) {
                first = m.get();
            }
        }
        if (targets.isEmpty()) {
            return Optional.empty();
        }
        Diagnostics inner = new Diagnostics();
        Dag measured;
        try {
            measured = new Frontends(sources).dag(new ArrayList<>(targets), inner);
        } catch (UserError e) {
            diagnostics.add(Diagnostic.error(first.at(), "the measured-in program does not parse: "
                    + e.diagnostics().get(0).headline()));
            return Optional.empty();
        }
        Set<String> measuredFragments = new LinkedHashSet<>();
        for (Node n : measured.fragments()) {
            measuredFragments.add(n.name());
        }
        for (Node n : dag.fragments()) {
            if (n.hasModel() && !measuredFragments.contains(n.name())) {
                diagnostics.add(Diagnostic.error(n.at(), "fragment '" + n.name() + "' is not in the measured-in program "
                        + targets.iterator().next() + " (its fragments: " + String.join(", ", measuredFragments) + ")"));
            }
        }
        return Optional.of(measured);
    }
}
