package lcm.trace;

import lcm.annotation.Annotation;
import lcm.annotation.AnnotationReader;
import lcm.antlr.TextOrigin;
import lcm.expr.Expr;
import lcm.source.Diagnostics;
import lcm.source.SourceLocation;
import lcm.source.SourceText;
import lcm.source.UserError;

import java.util.List;
import java.util.Optional;

/**
 * Reads a machine characterization: {@code key = expression} lines, {@code #} comments
 * (docs/design.md#machines). {@code send} is f(b) and {@code receive} is g(b), in seconds for b bytes; other
 * keys (latency, bandwidth, rc) belong to the composer and are skipped here.
 */
public final class MachineReader {

    private MachineReader() {
    }

    public static Machine read(SourceText source) {
        Diagnostics diagnostics = new Diagnostics();
        Machine.Located send = null;
        Machine.Located receive = null;
        List<String> lines = source.lines();
        for (int i = 0; i < lines.size(); i++) {
            String body = LineFields.uncommented(lines.get(i));
            if (body.isBlank()) {
                continue;
            }
            int lead = 0;
            while (Character.isWhitespace(body.charAt(lead))) {
                lead++;
            }
            SourceLocation at = SourceLocation.of(source.path(), i + 1, lead + 1);
            var parsed = AnnotationReader.assignment(body.substring(lead), TextOrigin.at(at));
            if (!parsed.isOk()) {
                diagnostics.addAll(parsed.problems());
                continue;
            }
            Annotation.Binding b = parsed.value().get();
            if (!b.name().equals("send") && !b.name().equals("receive")) {
                continue;
            }
            int eq = body.indexOf('=');
            SourceLocation exprAt = SourceLocation.of(source.path(), i + 1, eq + 2 + leadingBlanks(body, eq + 1));
            for (String v : b.value().variables()) {
                if (!v.equals("b")) {
                    diagnostics.error(exprAt, "unknown variable '" + v + "' in " + b.name()
                            + ": only b (the message size in bytes) is defined");
                }
            }
            Machine.Located located = new Machine.Located(b.value(), exprAt);
            if (b.name().equals("send")) {
                if (send != null) {
                    diagnostics.error(at, "'send' defined twice (first at line " + send.at().line() + ")");
                }
                send = located;
            } else {
                if (receive != null) {
                    diagnostics.error(at, "'receive' defined twice (first at line " + receive.at().line() + ")");
                }
                receive = located;
            }
        }
        UserError.throwIfErrors(diagnostics);
        return new Machine(source.path(), Optional.ofNullable(send), Optional.ofNullable(receive));
    }

    private static int leadingBlanks(String s, int from) {
        int k = 0;
        while (from + k < s.length() && Character.isWhitespace(s.charAt(from + k))) {
            k++;
        }
        return k;
    }

    /** For tests and the composer: an expression typed as text. */
    static Expr expression(String text) {
        return AnnotationReader.expression(text);
    }
}
