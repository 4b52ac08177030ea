package lcm.frontend;

import lcm.annotation.Annotation;
import lcm.antlr.Parsed;
import lcm.dag.Dag;
import lcm.dag.Node;
import lcm.dag.Program;
import lcm.expr.Expr;
import lcm.fortran.FortranOptions;
import lcm.source.FileNames;
import lcm.source.Diagnostic;
import lcm.source.Diagnostics;
import lcm.source.InputFile;
import lcm.source.SourceRegistry;
import lcm.source.UserError;
import lcm.structure.ParsedFile;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The one reader of a program's sources, for every command: each file is parsed by the front
 * end its extension chooses ({@link Frontend#ALL}; with a Fortran form given, any file that is
 * not Java is Fortran), the DAG is built from all of them, and the program named by
 * {@code measured-in:} is read and checked to hold every fragment that has a model. The result
 * carries its problems (javaparser's ParseResult): nothing here throws a user's error; the
 * command decides at its edge ({@link Parsed#orThrow()}).
 */
public final class ProgramReader {

    private final SourceRegistry sources;
    private final FortranOptions fortran;

    public ProgramReader(SourceRegistry sources) {
        this(sources, FortranOptions.DEFAULT);
    }

    /** A reader whose Fortran front end reads as these options say (-D, line length, form, OpenMP). */
    public ProgramReader(SourceRegistry sources, FortranOptions fortran) {
        this.sources = sources;
        this.fortran = fortran;
    }

    /** The complete program of {@code files}, composition's input, with the warnings met. */
    public Parsed<Program> read(List<Path> files) {
        Parsed<ParsedProgram> parsed = parse(files);
        if (parsed.value().isEmpty()) {
            return new Parsed<>(Optional.empty(), parsed.problems());
        }
        Diagnostics diagnostics = new Diagnostics();
        diagnostics.addAll(parsed.problems());
        Optional<Program> measured = measured(parsed.value().get(), diagnostics);
        if (diagnostics.hasErrors()) {
            return new Parsed<>(Optional.empty(), diagnostics.sorted());
        }
        return new Parsed<>(Optional.of(program(parsed.value().get(), measured, diagnostics.warnings())),
                diagnostics.sorted());
    }

    /** The files parsed and their DAG; empty, with every error found, when a file does not parse or the DAG cannot be built. */
    public Parsed<ParsedProgram> parse(List<Path> files) {
        Diagnostics diagnostics = new Diagnostics();
        List<ParsedFile> parsed = new ArrayList<>();
        for (Path f : files) {
            Optional<String> notFile = InputFile.problem(f);
            if (notFile.isPresent()) {
                diagnostics.add(Diagnostic.error(notFile.get()));
                continue;
            }
            try {
                parseFile(f, diagnostics).ifPresent(parsed::add);
            } catch (UserError e) {
                diagnostics.addAll(e.diagnostics());
            }
        }
        if (diagnostics.hasErrors()) {
            return new Parsed<>(Optional.empty(), diagnostics.sorted());
        }
        Dag dag = StructureBuilder.build(parsed, diagnostics);
        if (diagnostics.hasErrors()) {
            return new Parsed<>(Optional.empty(), diagnostics.sorted());
        }
        return new Parsed<>(Optional.of(new ParsedProgram(parsed, dag)), diagnostics.sorted());
    }

    /** One file by its front end; empty, with an error, when no front end reads it. */
    private Optional<ParsedFile> parseFile(Path file, Diagnostics diagnostics) {
        Optional<Frontend> frontend = Frontend.of(file);
        if (frontend.isEmpty() && fortran.form().isPresent()) {
            frontend = Optional.of(Frontend.FORTRAN);
        }
        if (frontend.isEmpty()) {
            diagnostics.add(Diagnostic.error(file + ": not a source file lcm reads (accepted: " + Frontend.accepted()
                    + "; --form fixed|free reads any file as Fortran)"));
            return Optional.empty();
        }
        return Optional.of(frontend.get().parser().parse(sources.read(file), sources, fortran, diagnostics));
    }

    /** The program of a parsed program: its DAG, the constants and sizes its files give, the measured-in program. */
    private static Program program(ParsedProgram parsed, Optional<Program> measuredIn, List<Diagnostic> warnings) {
        Map<String, Expr> constants = new LinkedHashMap<>();
        List<Annotation.Size> sizes = new ArrayList<>();
        for (ParsedFile f : parsed.files()) {
            f.constants().forEach(constants::putIfAbsent);
            sizes.addAll(f.sizes());
        }
        return new Program(parsed.dag(), constants, sizes, measuredIn, warnings);
    }

    /** The structure the fragment models were measured in, when a file names another one. */
    private Optional<Program> measured(ParsedProgram program, Diagnostics diagnostics) {
        Set<Path> targets = new LinkedHashSet<>();
        Annotation.MeasuredIn first = null;
        for (ParsedFile f : program.files()) {
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
            if (program.files().stream().anyMatch(x -> x.path().toAbsolutePath().normalize()
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
        Parsed<ParsedProgram> read = parse(new ArrayList<>(targets));
        if (read.value().isEmpty()) {
            diagnostics.add(Diagnostic.error(first.at(), "the measured-in program does not parse: "
                    + read.problems().get(0).headline()));
            return Optional.empty();
        }
        ParsedProgram measured = read.value().get();
        Set<String> measuredFragments = new LinkedHashSet<>();
        for (Node n : measured.dag().fragments()) {
            measuredFragments.add(n.name());
        }
        for (Node n : program.dag().fragments()) {
            if (n.hasModel() && !measuredFragments.contains(n.name())) {
                diagnostics.add(Diagnostic.error(n.at(), "fragment '" + n.name() + "' is not in the measured-in program "
                        + targets.iterator().next() + " (its fragments: " + String.join(", ", measuredFragments) + ")"));
            }
        }
        return Optional.of(program(measured, Optional.empty(), List.of()));
    }
}
