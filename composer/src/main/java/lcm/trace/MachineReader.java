package lcm.trace;

import lcm.annotation.AnnotationReader;
import lcm.expr.Expr;
import lcm.machine.MachineDescription;
import lcm.machine.MachineDescriptionReader;
import lcm.machine.MachineKey;
import lcm.source.SourceText;

import java.util.Optional;

/**
 * The message costs of a machine, from the one machine description (lcm.machine):
 * {@code send} is f(b) and {@code receive} is g(b), in seconds for b bytes, and {@code compute}
 * the machine's relative compute time; other keys (latency, bandwidth, rc) are the composer's.
 */
public final class MachineReader {

    private MachineReader() {
    }

    public static Machine read(SourceText source) {
        return of(MachineDescriptionReader.read(source));
    }

    public static Machine of(MachineDescription d) {
        return new Machine(d.file(), located(d, MachineKey.SEND), located(d, MachineKey.RECEIVE), located(d, MachineKey.COMPUTE));
    }

    private static Optional<Machine.Located> located(MachineDescription d, MachineKey key) {
        return d.get(key).map(e -> new Machine.Located(e.expr(), e.at()));
    }

    /** For tests and the composer: an expression typed as text. */
    static Expr expression(String text) {
        return AnnotationReader.expression(text);
    }
}
