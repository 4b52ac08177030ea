package lcm.explore;

import lcm.compose.ComposeOptions;
import lcm.dag.DagText;
import lcm.dag.Program;
import lcm.frontend.ProgramReader;
import lcm.source.SourceRegistry;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/** Test helpers of the known-answer tests of the edits: a small program written and read, its T_P at a point. */
final class SmallPrograms {

    private SmallPrograms() {
    }

    /** {@code text} written as {@code dir/name} and read through {@code sources} (the registry diffs read again). */
    static Program read(Path dir, SourceRegistry sources, String name, String text) {
        try {
            Path file = Files.writeString(dir.resolve(name), text);
            return new ProgramReader(sources).read(List.of(file)).orThrow();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The program's DAG as {@code lcm dag} prints it, the folder {@code dir} left out of its paths. */
    static String tree(Path dir, Program p) {
        return DagText.render(p.dag()).replace(dir.toString() + "/", "");
    }

    /** The program's T_P at {@code point}, composed as lcm explore composes a variant. */
    static double time(Program p, Map<String, Double> point) {
        return new Predictor(ComposeOptions.defaults(), List.of(point)).predict(new Variant(p, List.of(), "")).time(0);
    }
}
