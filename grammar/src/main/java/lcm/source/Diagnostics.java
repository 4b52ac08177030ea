package lcm.source;

import java.util.ArrayList;
import java.util.List;

/**
 * Collects the diagnostics of one run. Each stage gets one and adds to it instead of throwing,
 * so that a run reports every problem, not just the first. Not thread-safe: one per run.
 */
public final class Diagnostics {

    private final List<Diagnostic> items = new ArrayList<>();

    public void add(Diagnostic d) {
        items.add(d);
    }

    public void addAll(List<Diagnostic> ds) {
        items.addAll(ds);
    }

    public void error(SourceLocation at, String message) {
        add(Diagnostic.error(at, message));
    }

    public void warning(SourceLocation at, String message) {
        add(Diagnostic.warning(at, message));
    }

    public boolean hasErrors() {
        return items.stream().anyMatch(Diagnostic::isError);
    }

    public int errorCount() {
        return (int) items.stream().filter(Diagnostic::isError).count();
    }

    /** All diagnostics so far, sorted by position, duplicates removed. */
    public List<Diagnostic> sorted() {
        return items.stream().distinct().sorted(Diagnostic.BY_POSITION).toList();
    }

    public List<Diagnostic> errors() {
        return sorted().stream().filter(Diagnostic::isError).toList();
    }

    public List<Diagnostic> warnings() {
        return sorted().stream().filter(d -> !d.isError()).toList();
    }

    public boolean isEmpty() {
        return items.isEmpty();
    }
}
