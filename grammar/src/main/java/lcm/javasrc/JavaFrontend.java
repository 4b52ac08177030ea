package lcm.javasrc;

import lcm.source.Diagnostics;
import lcm.source.SourceRegistry;
import lcm.source.UserError;
import lcm.structure.ParsedFile;

import java.nio.file.Path;

/** The Java front end (DESIGN 2.2). Being written; see issue 2 item 5. */
public final class JavaFrontend {

    private final SourceRegistry sources;

    public JavaFrontend(SourceRegistry sources) {
        this.sources = sources;
    }

    public ParsedFile parse(Path file, Diagnostics diagnostics) {
        sources.read(file);
        throw UserError.of(file + ": the Java front end is not built yet");
    }
}
