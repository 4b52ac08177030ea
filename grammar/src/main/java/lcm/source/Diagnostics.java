package lcm.source;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * Collects the diagnostics of one run. Each stage gets one and adds to it instead of throwing,
 * so that a run reports every problem, not just the first. The list is bounded: the first
 * {@value #LISTED} errors and the first {@value #LISTED} warnings are kept (each once), the rest
 * only counted, and {@link #sorted()} ends with one line that says how many more there were
 * ({@code lcm: ... and 9900 more errors (the first 100 are listed)}), so that no input makes
 * the list itself run out of memory. Not thread-safe: one per run.
 */
public final class Diagnostics {

    /** Errors (and, apart, warnings) kept and listed; more are counted. */
    public static final int LISTED = 100;

    private final Set<Diagnostic> items = new LinkedHashSet<>();
    private int errors;
    private int warnings;
    private int moreErrors;
    private int moreWarnings;
    private String stopped;

    public void add(Diagnostic d) {
        if (items.contains(d)) {
            return;
        }
        if (d.isError()) {
            if (errors == LISTED) {
                moreErrors++;
                return;
            }
            errors++;
        } else {
            if (warnings == LISTED) {
                moreWarnings++;
                return;
            }
            warnings++;
        }
        items.add(d);
    }

    /** Whether the list of errors is full: a reader of a file of many bad lines may stop ({@link #stopped}). */
    public boolean full() {
        return errors >= LISTED;
    }

    /**
     * A reader stopped reading {@code file} at line {@code line} of {@code lines}, its errors
     * listed in full: said after them, so that the count of the others is not taken for all.
     */
    public void stopped(Path file, int line, int lines) {
        stopped = file + ": reading stopped at line " + line + " of " + lines + " after " + LISTED + " errors";
    }

    /** Counts {@code n} errors a reader found but did not keep (it keeps only the first {@value #LISTED} too). */
    public void moreErrors(int n) {
        moreErrors += n;
    }

    public void addAll(List<Diagnostic> ds) {
        ds.forEach(this::add);
    }

    public void error(SourceLocation at, String message) {
        add(Diagnostic.error(at, message));
    }

    public void warning(SourceLocation at, String message) {
        add(Diagnostic.warning(at, message));
    }

    public boolean hasErrors() {
        return errors > 0;
    }

    /** Diagnostics added so far, errors and warnings, those counted beyond the lists included (a reader tells by it whether a line had any). */
    public int count() {
        return errors + moreErrors + warnings + moreWarnings;
    }

    /** Errors found, those counted beyond the list included. */
    public int errorCount() {
        return errors + moreErrors;
    }

    /**
     * All diagnostics so far, sorted by position, each once; when some were only counted, a
     * last one (unlocated) says how many.
     */
    public List<Diagnostic> sorted() {
        List<Diagnostic> out = new ArrayList<>(items.stream().sorted(Diagnostic.BY_POSITION).toList());
        if (moreErrors > 0) {
            out.add(Diagnostic.error(more(moreErrors, "error")));
        }
        if (moreWarnings > 0) {
            out.add(Diagnostic.warning(more(moreWarnings, "warning")));
        }
        if (stopped != null) {
            out.add(Diagnostic.error(stopped));
        }
        return List.copyOf(out);
    }

    /** {@code ... and 9900 more errors (the first 100 are listed)}. */
    static String more(int n, String what) {
        return "... and " + n + " more " + what + (n == 1 ? "" : "s") + " (the first " + LISTED + " are listed)";
    }

    public List<Diagnostic> errors() {
        return sorted().stream().filter(Diagnostic::isError).toList();
    }

    public List<Diagnostic> warnings() {
        return sorted().stream().filter(d -> !d.isError()).toList();
    }

    public boolean isEmpty() {
        return items.isEmpty() && stopped == null;
    }
}
