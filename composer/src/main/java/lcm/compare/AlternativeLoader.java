package lcm.compare;

import lcm.compose.ComposeOptions;
import lcm.compose.ComposedModel;
import lcm.compose.Composer;
import lcm.dag.Program;
import lcm.width.PointCheck;
import lcm.source.SourceRegistry;
import lcm.source.UserError;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;

/**
 * Turns command-line arguments into alternatives. {@code X.lcm} is a model file; anything
 * else is an annotated source, read by the reader handed in (lcm.frontend.ProgramReader: compare
 * sees no front end) and composed; a program of several files is written with {@code +} between
 * them ({@code main.f+fft.f}).
 */
public final class AlternativeLoader {

    /** The extension of model files. */
    public static final String MODEL_EXTENSION = ".lcm";

    private final SourceRegistry sources;
    private final ComposeOptions options;
    private final Function<List<Path>, Program> reader;

    /**
     * A loader that reads model files from {@code sources} and turns source files into a program
     * with {@code reader} (a ProgramReader, made with a compiler's -D, line length, form), raising
     * the sources' errors.
     */
    public AlternativeLoader(SourceRegistry sources, ComposeOptions options, Function<List<Path>, Program> reader) {
        this.sources = sources;
        this.options = options;
        this.reader = reader;
    }

    /** Loads every argument; names that would repeat are replaced by the arguments as given. */
    public List<Alternative> loadAll(List<String> arguments) {
        List<Alternative> out = new ArrayList<>();
        for (String a : arguments) {
            out.add(load(a));
        }
        Set<String> seen = new HashSet<>();
        boolean clash = false;
        for (Alternative a : out) {
            clash |= !seen.add(a.name());
        }
        if (!clash) {
            return out;
        }
        List<Alternative> renamed = new ArrayList<>();
        for (Alternative a : out) {
            renamed.add(new Alternative(a.file(), a.file(), a.kind(), a.variables(), a.time(), a.categories(),
                    a.defaults(), a.warnings(), a.sync(), a.extrapolations()));
        }
        return renamed;
    }

    public Alternative load(String argument) {
        if (argument.isBlank()) {
            throw UserError.of("an empty argument is not a model or source file");
        }
        List<Path> files = new ArrayList<>();
        for (String part : argument.split("\\+", -1)) {
            if (part.isBlank()) {
                throw UserError.of(argument + ": empty file name around '+' (write a program of several files as a.f+b.f)");
            }
            files.add(Path.of(part));
        }
        boolean model = files.stream().anyMatch(f -> f.toString().endsWith(MODEL_EXTENSION));
        if (model && files.size() > 1) {
            throw UserError.of(argument + ": a model file (" + MODEL_EXTENSION + ") stands alone; '+' joins source files "
                    + "of one program");
        }
        if (model) {
            return ModelFileReader.read(files.get(0), argument, sources);
        }
        ComposedModel m = new Composer(options).compose(reader.apply(files));
        List<String> names = files.stream().map(f -> f.getFileName() == null ? f.toString() : f.getFileName().toString())
                .toList();
        return program(String.join("+", names), argument, m);
    }

    /** A composed program as an alternative, named {@code name}, from {@code file} (lcm explore's variants too). */
    public static Alternative program(String name, String file, ComposedModel m) {
        return new Alternative(name, file, Alternative.Kind.PROGRAM,
                Alternative.ordered(m.variables()), m.time(), m.categories(), m.defaults(), m.warnings(),
                new Alternative.Synchronization(m.syncNodes(), Map.of()),
                m.checks().stream().filter(c -> c.kind() == PointCheck.Kind.EXTRAPOLATION).toList());
    }
}
