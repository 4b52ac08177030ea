package lcm.machine;

import lcm.annotation.Annotation;
import lcm.annotation.AnnotationReader;
import lcm.antlr.Parsed;
import lcm.antlr.TextOrigin;
import lcm.source.CommentedLines;
import lcm.source.Diagnostics;
import lcm.source.SourceLocation;
import lcm.source.SourceRegistry;
import lcm.source.SourceText;
import lcm.source.UserError;

import lcm.expr.Evaluator;
import lcm.expr.NumberText;

import java.nio.file.Path;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Reads a machine description: one {@code key = expression} a line (annotation-language
 * expressions: numbers, the key's variables, {@code + - * / ^}, {@code log}, {@code max}, ...),
 * {@code #} starts a comment. Keys: see {@link MachineKey}. An unknown key, a key given twice,
 * or a variable the key does not define is a located error.
 */
public final class MachineDescriptionReader {

    private MachineDescriptionReader() {
    }

    public static MachineDescription read(Path file, SourceRegistry sources) {
        return read(sources.read(file));
    }

    public static MachineDescription read(SourceText text) {
        Diagnostics diagnostics = new Diagnostics();
        Map<MachineKey, MachineDescription.Entry> entries = new EnumMap<>(MachineKey.class);
        for (CommentedLines.Line line : CommentedLines.of(text)) {
            SourceLocation at = line.at();
            Parsed<Annotation.Binding> b = AnnotationReader.assignment(line.text(), TextOrigin.at(at));
            diagnostics.addAll(b.problems());
            if (b.value().isEmpty()) {
                continue;
            }
            String word = b.value().get().name();
            var key = MachineKey.of(word);
            if (key.isEmpty()) {
                diagnostics.error(at, "unknown machine parameter '" + word + "' (expected one of "
                        + String.join(", ", MachineKey.words()) + ")");
                continue;
            }
            int eq = line.text().indexOf('=');
            int lead = eq + 1;
            while (lead < line.text().length() && Character.isWhitespace(line.text().charAt(lead))) {
                lead++;
            }
            SourceLocation exprAt = at.plusColumns(lead);
            MachineDescription.Entry before = entries.put(key.get(), new MachineDescription.Entry(b.value().get().value(), exprAt));
            if (before != null) {
                diagnostics.error(at, "machine parameter '" + key.get().word() + "' given twice (first at line "
                        + before.at().line() + ")");
            }
            boolean known = true;
            for (String v : b.value().get().value().variables()) {
                if (!key.get().variables().contains(v)) {
                    known = false;
                    diagnostics.error(exprAt, "unknown variable '" + v + "' in " + key.get().word() + ": "
                            + (key.get().variables().isEmpty() ? "it must be a number"
                            : "only " + key.get().variablesText() + (key.get().variables().size() == 1 ? " is" : " are")
                            + " defined"));
                }
            }
            if (known) {
                checkValue(key.get(), b.value().get().value(), exprAt, diagnostics);
            }
        }
        UserError.throwIfErrors(diagnostics);
        return new MachineDescription(text.path(), entries);
    }

    /**
     * A machine parameter is a time, a rate, a ratio or a count: finite, never negative, a rate or
     * ratio not zero either (a division by it follows), a count a whole number of at least 1. A
     * key with variables is checked at one typical point (2 readers of 8 bytes, a message of 8
     * bytes, a loop of 2 threads, 1 busy processor).
     */
    private static void checkValue(MachineKey key, lcm.expr.Expr expr, SourceLocation at, Diagnostics diagnostics) {
        Map<String, Double> point = new LinkedHashMap<>();
        for (String v : List.of("readers", "bytes", "b", "w", "busy")) {
            if (key.variables().contains(v)) {
                point.put(v, MachineKey.TYPICAL.get(v));
            }
        }
        double v;
        try {
            v = Evaluator.eval(expr, point);
        } catch (RuntimeException notANumber) {
            return; // the expression's own problem, reported where it is used
        }
        boolean ok = Double.isFinite(v) && switch (key.value()) {
            case TIME -> v >= 0;
            case POSITIVE -> v > 0;
            case COUNT -> v >= 1 && v == Math.rint(v);
        };
        if (ok) {
            return;
        }
        diagnostics.error(at, "machine parameter '" + key.word() + "' is " + NumberText.plain(v)
                + (point.isEmpty() ? "" : " at " + NumberText.point(point)) + ": it must be " + switch (key.value()) {
                    case TIME -> "zero or positive and finite";
                    case POSITIVE -> "positive and finite";
                    case COUNT -> "a whole number of at least 1";
                } + " (" + key.meaning() + ")");
    }
}
