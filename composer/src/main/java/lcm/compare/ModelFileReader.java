package lcm.compare;

import lcm.expr.Processors;
import lcm.source.CommentedLines;
import lcm.algebra.Alg;
import lcm.annotation.Annotation;
import lcm.annotation.AnnotationReader;
import lcm.annotation.Category;
import lcm.antlr.Parsed;
import lcm.antlr.TextOrigin;
import lcm.expr.Expr;
import lcm.source.Diagnostics;
import lcm.source.SourceLocation;
import lcm.source.SourceRegistry;
import lcm.source.SourceText;
import lcm.source.UserError;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Reads a model file ({@code .lcm}, docs/compare.md): annotation-language lines without a
 * comment sentinel, {@code #} starts a comment. {@code model:} lines give categories in
 * processor-seconds (one per line, or {@code model: { ... }}); {@code vars:} lines fix variables
 * ({@code vars: p = 26}). T_P = (sum of the categories) / p, with p as {@code vars:} gives it.
 */
public final class ModelFileReader {

    private ModelFileReader() {
    }

    public static Alternative read(Path file, String argument, SourceRegistry sources) {
        SourceText text = sources.read(file);
        Diagnostics diagnostics = new Diagnostics();
        Map<Category, Expr> categories = new EnumMap<>(Category.class);
        Map<String, Expr> bindings = new LinkedHashMap<>();
        Map<String, SourceLocation> boundAt = new LinkedHashMap<>();
        Map<Category, SourceLocation> modelAt = new EnumMap<>(Category.class);
        for (CommentedLines.Line content : CommentedLines.of(text)) {
            SourceLocation at = content.at();
            Parsed<Annotation> parsed = AnnotationReader.annotation(content.text(), TextOrigin.at(at));
            diagnostics.addAll(parsed.problems());
            if (parsed.value().isEmpty()) {
                continue;
            }
            Annotation a = parsed.value().get();
            if (a instanceof Annotation.Model m) {
                for (Category c : Category.values()) {
                    Expr e = m.categories().get(c);
                    if (e != null) {
                        modelAt.putIfAbsent(c, a.at());
                    }
                    if (e != null && categories.put(c, e) != null) {
                        diagnostics.error(a.at(), "category '" + c.key() + "' given twice in this model file");
                    }
                }
            } else if (a instanceof Annotation.Vars v) {
                for (Annotation.Binding b : v.bindings()) {
                    if (bindings.put(b.name(), b.value()) != null) {
                        diagnostics.error(a.at(), "variable '" + b.name() + "' given twice in vars:");
                    }
                    boundAt.put(b.name(), a.at());
                    if (b.value().variables().contains(b.name())) {
                        diagnostics.error(a.at(), "vars: " + b.name() + " = " + b.value().text()
                                + " refers to itself (a model file's vars: gives values)");
                    }
                }
            } else {
                diagnostics.error(a.at(), "a model file holds only 'model:' and 'vars:' lines, not '"
                        + keyword(content.text()) + "'");
            }
        }
        if (categories.isEmpty() && !diagnostics.hasErrors()) {
            diagnostics.error(new SourceLocation(file, 1, 1), "no 'model:' line: a model file gives at least one category "
                    + "(e.g. model: pc = n^2*log(n)/3550)");
        }
        Set<String> used = new LinkedHashSet<>();
        categories.values().forEach(e -> used.addAll(e.variables()));
        used.add(Processors.NAME);
        boundAt.forEach((name, at) -> {
            if (!used.contains(name)) {
                diagnostics.error(at, "vars: '" + name + "' is not a variable of this model (its variables: "
                        + String.join(", ", Alternative.ordered(used)) + ")");
            }
        });
        UserError.throwIfErrors(diagnostics);
        Map<Category, Expr> fixed = new EnumMap<>(Category.class);
        // the exact algebra may find a zero divisor or a number beyond range: an error at the model's line
        categories.forEach((c, e) -> fixed.put(c, locatedAt(modelAt.get(c), () -> Alg.substitute(e, bindings))));
        Expr p = bindings.getOrDefault(Processors.NAME, new Expr.Var(Processors.NAME));
        Expr time = locatedAt(boundAt.getOrDefault(Processors.NAME, modelAt.values().iterator().next()),
                () -> Alg.div(Alg.sum(new ArrayList<>(fixed.values())), p));
        Set<String> free = new LinkedHashSet<>();
        fixed.values().forEach(e -> free.addAll(e.variables()));
        free.addAll(p.variables());
        Path name = file.getFileName();
        return new Alternative(name == null ? argument : name.toString(), argument, Alternative.Kind.MODEL_FILE,
                Alternative.ordered(free), time, fixed, Map.of(), List.of());
    }

    /**
     * Where a model file first uses variable {@code v}: the {@code model:} or {@code vars:} line
     * that names it, so that a name with no value (a typo, a word) is shown on its line; empty
     * when no line does or the file cannot be read again. Only errors take this path.
     */
    static Optional<SourceLocation> firstUse(Path file, String v) {
        SourceText text;
        try {
            text = SourceText.read(file);
        } catch (UserError unreadable) {
            return Optional.empty();
        }
        for (CommentedLines.Line content : CommentedLines.of(text)) {
            Optional<Annotation> a = AnnotationReader.annotation(content.text(), TextOrigin.at(content.at())).value();
            if (a.isPresent() && uses(a.get(), v)) {
                return Optional.of(a.get().at());
            }
        }
        return Optional.empty();
    }

    private static boolean uses(Annotation a, String v) {
        if (a instanceof Annotation.Model m) {
            return m.categories().values().stream().anyMatch(e -> e.variables().contains(v));
        }
        return a instanceof Annotation.Vars vars
                && vars.bindings().stream().anyMatch(b -> b.value().variables().contains(v));
    }

    /** {@code step}, with an error it raises without a place put at {@code at}. */
    private static Expr locatedAt(SourceLocation at, java.util.function.Supplier<Expr> step) {
        try {
            return step.get();
        } catch (UserError e) {
            if (e.diagnostics().stream().anyMatch(d -> d.location().isPresent())) {
                throw e;
            }
            throw new UserError(e.diagnostics().stream().map(d -> lcm.source.Diagnostic.error(at, d.message())).toList());
        }
    }

    private static String keyword(String line) {
        int colon = line.indexOf(':');
        String k = colon > 0 ? line.substring(0, colon + 1) : line;
        return k.length() > 30 ? k.substring(0, 30) + "..." : k;
    }
}
