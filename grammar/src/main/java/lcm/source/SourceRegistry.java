package lcm.source;

import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/** The texts read during a run, so diagnostics can show the offending line. */
public final class SourceRegistry {

    private final Map<Path, SourceText> texts = new ConcurrentHashMap<>();

    public SourceText register(SourceText text) {
        texts.put(text.path(), text);
        return text;
    }

    /** Reads {@code path} once and remembers it. */
    public SourceText read(Path path) {
        SourceText known = texts.get(path);
        return known != null ? known : register(SourceText.read(path));
    }

    public Optional<String> line(SourceLocation at) {
        SourceText t = texts.get(at.file());
        return t == null ? Optional.empty() : t.line(at.line());
    }
}
