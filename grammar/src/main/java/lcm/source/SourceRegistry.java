package lcm.source;

import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.IntFunction;

/** The texts read during a run, so diagnostics can show the offending line. */
public final class SourceRegistry {

    private final Map<Path, SourceText> texts = new ConcurrentHashMap<>();
    private final Map<Path, IntFunction<Optional<String>>> providers = new ConcurrentHashMap<>();

    public SourceText register(SourceText text) {
        texts.put(text.path(), text);
        return text;
    }

    /** Reads {@code path} once and remembers it. */
    public SourceText read(Path path) {
        SourceText known = texts.get(path);
        return known != null ? known : register(SourceText.read(path));
    }

    /**
     * Lines of a file that is streamed, not read whole (a large trace): {@code lines} returns
     * line n (1-based) on demand, or empty when it cannot.
     */
    public void provide(Path path, IntFunction<Optional<String>> lines) {
        providers.put(path, lines);
    }

    /** Whether line {@code at} can be shown without reading its file whole. */
    public boolean knows(Path path) {
        return texts.containsKey(path) || providers.containsKey(path);
    }

    public Optional<String> line(SourceLocation at) {
        SourceText t = texts.get(at.file());
        if (t != null) {
            return t.line(at.line());
        }
        IntFunction<Optional<String>> p = providers.get(at.file());
        return p == null ? Optional.empty() : p.apply(at.line());
    }
}
