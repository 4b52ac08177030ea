package lcm.source;

import java.util.List;

/**
 * Thrown when a user's input cannot be processed. Carries the located diagnostics; the CLI
 * prints them (with the source line and a caret) and exits with code 2, never a stack trace.
 */
public final class UserError extends RuntimeException {

    private final List<Diagnostic> diagnostics;

    public UserError(List<Diagnostic> diagnostics) {
        super(diagnostics.isEmpty() ? "user error" : diagnostics.get(0).headline(), null, false, false);
        this.diagnostics = List.copyOf(diagnostics);
    }

    public UserError(Diagnostic diagnostic) {
        this(List.of(diagnostic));
    }

    public static UserError at(SourceLocation location, String message) {
        return new UserError(Diagnostic.error(location, message));
    }

    public static UserError of(String message) {
        return new UserError(Diagnostic.error(message));
    }

    /** Throws if {@code diagnostics} holds an error; otherwise does nothing. */
    public static void throwIfErrors(Diagnostics diagnostics) {
        if (diagnostics.hasErrors()) {
            throw new UserError(diagnostics.sorted());
        }
    }

    public List<Diagnostic> diagnostics() {
        return diagnostics;
    }
}
