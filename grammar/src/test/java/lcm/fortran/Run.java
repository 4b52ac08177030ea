package lcm.fortran;

import lcm.dag.Dag;
import lcm.frontend.StructureBuilder;
import lcm.source.DiagnosticRenderer;
import lcm.source.Diagnostics;
import lcm.source.SourceRegistry;
import lcm.antlr.Parsed;
import lcm.frontend.ParsedProgram;
import lcm.frontend.ProgramReader;
import lcm.source.SourceText;
import lcm.structure.ParsedFile;

import java.util.ArrayList;
import java.nio.file.Path;
import java.util.List;

/** Test helper: runs the Fortran front end and the structure builder over source texts. */
final class Run {

    /** What one run made: the DAG (possibly partial) and the diagnostics, rendered as the CLI does. */
    record Result(Dag dag, Diagnostics diagnostics, String rendered) {
    }

    private Run() {
    }

    /** Parses {@code texts} (alternating file name, source text) as one program. */
    static Result of(String... namesAndTexts) {
        SourceRegistry sources = new SourceRegistry();
        Diagnostics d = new Diagnostics();
        List<ParsedFile> files = new ArrayList<>();
        for (int i = 0; i < namesAndTexts.length; i += 2) {
            SourceText text = SourceText.of(Path.of(namesAndTexts[i]), namesAndTexts[i + 1]);
            files.add(FortranFrontend.parse(text, sources, FortranOptions.DEFAULT, d));
        }
        Dag dag = StructureBuilder.build(files, d);
        return new Result(dag, d, new DiagnosticRenderer(sources).render(d.sorted()));
    }

    /** Parses files from disk through the same path as the CLI. */
    static Result files(Path... paths) {
        SourceRegistry sources = new SourceRegistry();
        Parsed<ParsedProgram> read = new ProgramReader(sources).parse(List.of(paths));
        Diagnostics d = new Diagnostics();
        d.addAll(read.problems());
        return new Result(read.value().map(ParsedProgram::dag).orElse(null), d,
                new DiagnosticRenderer(sources).render(d.sorted()));
    }
}
