package lcm.frontend;

import lcm.annotation.Annotation;
import lcm.dag.Dag;
import lcm.dag.Node;
import lcm.fortran.FortranOptions;
import lcm.source.FileNames;
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
 * Reads a program: parses its files, builds the DAG and reads the program its fragment models
 * were measured in ({@code measured-in:}), checking that every fragment with a model is there.
 * The result is a {@link Program}; errors are collected in the diagnostics and thrown together.
 */
public final class ProgramReader {

    private final SourceRegistry sources;
    private final FortranOptions fortran;

    public ProgramReader(SourceRegistry sources) {
        this(sources, FortranOptions.DEFAULT);
    }

    public ProgramReader(SourceRegistry sources, FortranOptions fortran) {
        this.sources = sources;
        this.fortran = fortran;
    }

    /** The DAG and warnings of a program, or a {@link UserError} with every error found. */
    public Dag dag(List<Path> files, Diagnostics diagnostics) {
        return new Frontends(sources, fortran).dag(files, diagnostics);
    }

    /** The program of {@code files}, or a {@link UserError} with every error found. */
    public Program read(List<Path> files, Diagnostics diagnostics) {
        Dag dag = dag(files, diagnostics);
        Optional<Program> measured = measured(dag, diagnostics);
        UserError.throwIfErrors(diagnostics);
        return Program.of(dag, measured);
    }

    /** The structure the fragment models were measured in, when a file names another one. */
    private Optional<Program> measured(Dag dag, Diagnostics diagnostics) {
        Set<Path> targets = new LinkedHashSet<>();
        Annotation.MeasuredIn first = null;
        for (ParsedFile f : dag.files()) {
            Optional<Annotation.MeasuredIn> m = f.measuredIn();
            if (m.isEmpty()) {
                continue;
            }
            Optional<Path> named = FileNames.resolve(f.path().getParent(), m.get().path());
            if (named.isEmpty()) {
                diagnostics.add(Diagnostic.error(m.get().at(), "measured-in file name '"
                        + FileNames.printable(m.get().path()) + "' is not a file name"));
                continue;
            }
            Path target = named.get().normalize();
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
            measured = new Frontends(sources, fortran).dag(new ArrayList<>(targets), inner);
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
        return Optional.of(Program.of(measured, Optional.empty()));
    }
}
