package lcm.compose;

import lcm.annotation.Annotation;
import lcm.annotation.AnnotationReader;
import lcm.antlr.Parsed;
import lcm.antlr.TextOrigin;
import lcm.expr.Expr;
import lcm.source.Diagnostics;
import lcm.source.SourceLocation;
import lcm.source.SourceRegistry;
import lcm.source.SourceText;
import lcm.source.UserError;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;

/**
 * Reads a machine file: one {@code key = expression} a line, {@code #} starts a comment.
 * Keys: {@code latency} (seconds per transfer), {@code bandwidth} (bytes per second),
 * {@code rc} (seconds, in {@code readers} and {@code bytes}). All three are required.
 */
public final class MachineReader {

    private static final Set<String> KEYS = Set.of("latency", "bandwidth", "rc");

    private MachineReader() {
    }

    public static Machine read(Path file, SourceRegistry sources) {
        SourceText text = sources.read(file);
        Diagnostics diagnostics = new Diagnostics();
        Map<String, Expr> values = new LinkedHashMap<>();
        for (lcm.source.CommentedLines.Line content : lcm.source.CommentedLines.of(text)) {
            SourceLocation at = content.at();
            Parsed<Annotation.Binding> b = AnnotationReader.assignment(content.text(), TextOrigin.at(at));
            diagnostics.addAll(b.problems());
            if (b.value().isEmpty()) {
                continue;
            }
            String key = b.value().get().name();
            if (!KEYS.contains(key)) {
                diagnostics.error(at, "unknown machine parameter '" + key + "' (expected latency, bandwidth, rc)");
                continue;
            }
            if (values.put(key, b.value().get().value()) != null) {
                diagnostics.error(at, "machine parameter '" + key + "' given twice");
            }
            Set<String> allowed = key.equals("rc") ? Set.of(Machine.READERS, Machine.BYTES) : Set.of();
            for (String v : b.value().get().value().variables()) {
                if (!allowed.contains(v)) {
                    diagnostics.error(at, "'" + key + "' may not use '" + v + "'"
                            + (allowed.isEmpty() ? " (it must be a number)" : " (only readers and bytes)"));
                }
            }
        }
        SourceLocation top = new SourceLocation(file, 1, 1);
        for (String k : new String[] {"latency", "bandwidth", "rc"}) {
            if (!values.containsKey(k) && !diagnostics.hasErrors()) {
                diagnostics.error(top, "machine file has no '" + k + "' (needs latency, bandwidth and rc)");
            }
        }
        UserError.throwIfErrors(diagnostics);
        return new Machine(file, values.get("latency"), values.get("bandwidth"), values.get("rc"));
    }
}
