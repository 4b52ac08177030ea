package lcm.source;

import java.util.Comparator;
import java.util.Objects;
import java.util.Optional;

/**
 * One problem found in a user's input. A diagnostic without a location is about the run as a
 * whole (for example a file that does not exist is located at the command line, not in a file).
 */
public record Diagnostic(Severity severity, Optional<SourceLocation> location, String message) {

    /** Order: located before unlocated, then by position, errors before warnings at one position. */
    public static final Comparator<Diagnostic> BY_POSITION = Comparator
            .comparing((Diagnostic d) -> d.location().isEmpty())
            .thenComparing(d -> d.location().orElse(null), Comparator.nullsLast(Comparator.naturalOrder()))
            .thenComparing(Diagnostic::severity);

    public Diagnostic {
        Objects.requireNonNull(severity, "severity");
        Objects.requireNonNull(location, "location");
        Objects.requireNonNull(message, "message");
        message = shortened(message);
    }

    /** A message longer than this many characters keeps its start and end (a 60 KB name in it is cut). */
    public static final int LONGEST = 1000;

    /** {@code message}, or its first and last characters with how many are left out between them. */
    static String shortened(String message) {
        if (message.length() <= LONGEST) {
            return message;
        }
        int keep = LONGEST / 2 - 40;
        return message.substring(0, keep) + " ... (" + (message.length() - 2 * keep) + " characters left out) ... "
                + message.substring(message.length() - keep);
    }

    public static Diagnostic error(SourceLocation at, String message) {
        return new Diagnostic(Severity.ERROR, Optional.of(at), message);
    }

    public static Diagnostic warning(SourceLocation at, String message) {
        return new Diagnostic(Severity.WARNING, Optional.of(at), message);
    }

    public static Diagnostic error(String message) {
        return new Diagnostic(Severity.ERROR, Optional.empty(), message);
    }

    public static Diagnostic warning(String message) {
        return new Diagnostic(Severity.WARNING, Optional.empty(), message);
    }

    public boolean isError() {
        return severity == Severity.ERROR;
    }

    /** The one-line form: {@code file:line:col: message} (warnings say so). */
    public String headline() {
        String prefix = location.map(l -> l + ": ").orElse("lcm: ");
        return prefix + (severity == Severity.WARNING ? "warning: " : "") + message;
    }

    /**
     * {@code file:line:col: message} without the severity: the form a list of warnings holds
     * (a report that prints it says {@code warning:} once, before it).
     */
    public String placed() {
        return location.map(l -> l + ": ").orElse("") + message;
    }

    @Override
    public String toString() {
        return headline();
    }
}
