package lcm.antlr;

import lcm.source.UserError;
import lcm.source.Diagnostic;

import java.util.List;
import java.util.Optional;

/** A parse result: the value if there is one, and the problems found (javaparser's ParseResult). */
public record Parsed<T>(Optional<T> value, List<Diagnostic> problems) {

    public Parsed {
        problems = List.copyOf(problems);
    }

    public static <T> Parsed<T> ok(T value) {
        return new Parsed<>(Optional.of(value), List.of());
    }

    public static <T> Parsed<T> failed(Diagnostic problem) {
        return new Parsed<>(Optional.empty(), List.of(problem));
    }

    public boolean isOk() {
        return value.isPresent() && problems.stream().noneMatch(Diagnostic::isError);
    }

    /** The problems that are no errors. */
    public List<Diagnostic> warnings() {
        return problems.stream().filter(d -> !d.isError()).toList();
    }

    /** The value, or a {@link lcm.source.UserError} with the problems. */
    public T orThrow() {
        if (!isOk()) {
            throw new UserError(problems);
        }
        return value.get();
    }
}
