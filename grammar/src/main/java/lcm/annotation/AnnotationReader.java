package lcm.annotation;

import lcm.antlr.AntlrParsing;
import lcm.antlr.NestingLimit;
import lcm.antlr.Parsed;
import lcm.antlr.SyntaxErrors;
import lcm.antlr.TextOrigin;
import lcm.expr.Expr;
import lcm.grammar.AnnotationBaseVisitor;
import lcm.grammar.AnnotationLexer;
import lcm.grammar.AnnotationParser;
import lcm.source.Diagnostic;
import lcm.source.SourceLocation;
import org.antlr.v4.runtime.ParserRuleContext;
import org.antlr.v4.runtime.tree.RuleNode;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;

/**
 * Parses annotation text (what follows the comment sentinel) and expressions of the
 * annotation language. All errors are located through a {@link TextOrigin}.
 */
public final class AnnotationReader {

    private static final Set<String> KEYWORDS = Set.of("fragment", "end", "input", "output", "model", "vars",
            "iterations", "recursion", "pool", "independent", "probability", "size", "sync", "measured", "fitted", "parallel", "section", "tile",
            "endtile", "contention");

    private static final String EXPECTED = "fragment, end fragment, input:, output:, model:, vars:, iterations:, recursion:, pool:, independent, "
            + "probability:, size:, sync:, measured-in:, fitted-on:, contention:, parallel sections, section, end parallel sections, tile(...), end tile";

    private AnnotationReader() {
    }

    /** Parses one annotation statement. */
    public static Parsed<Annotation> annotation(String text, TextOrigin origin) {
        String first = firstWord(text);
        if (first.isEmpty()) {
            return Parsed.failed(Diagnostic.error(origin.locate(0), "empty annotation"));
        }
        if (!KEYWORDS.contains(first.toLowerCase(Locale.ROOT))) {
            int at = text.indexOf(first);
            return Parsed.failed(Diagnostic.error(origin.locate(at),
                    "unknown annotation '" + first + "' (expected one of: " + EXPECTED + ")"));
        }
        return parse(text, origin, AnnotationParser::standaloneAnnotation, "bad annotation", "",
                tree -> build(tree.annotation(), text, origin));
    }

    /**
     * The one way lcm parses with the annotation grammar: {@code entry} is the grammar rule, a
     * syntax error or a nesting limit is one located diagnostic ({@code what: message suffix}),
     * and a problem found while building (unknown function, number out of range) is located at
     * its offset.
     */
    private static <C extends ParserRuleContext, T> Parsed<T> parse(String text, TextOrigin origin,
                                                                    Function<AnnotationParser, C> entry, String what,
                                                                    String suffix, Function<C, Parsed<T>> build) {
        SyntaxErrors errors = new SyntaxErrors();
        C tree = AntlrParsing.parse(text, AnnotationLexer::new, AnnotationParser::new, entry, errors);
        if (errors.any() || tree == null) {
            return Parsed.failed(Diagnostic.error(origin.locate(Math.max(0, errors.offset())),
                    what + ": " + message(errors) + suffix));
        }
        try {
            return build.apply(tree);
        } catch (ExprBuilder.Problem p) {
            return Parsed.failed(Diagnostic.error(origin.locate(p.offset), p.getMessage()));
        }
    }

    /** Parses a whole expression. */
    public static Parsed<Expr> expression(String text, TextOrigin origin) {
        if (text.isBlank()) {
            return Parsed.failed(Diagnostic.error(origin.locate(0), "bad expression: empty"));
        }
        List<FlatSum.Term> terms = text.length() > 2 * FlatSum.MIN_TERMS ? FlatSum.split(text) : null;
        if (terms != null) {
            return sum(terms, origin);
        }
        return parse(text, origin, AnnotationParser::standaloneExpression, "bad expression", "",
                tree -> Parsed.ok(ExprBuilder.build(tree.expression())));
    }

    /** A long flat sum: each term parsed alone (an empty first term is a leading sign), added up in a loop. */
    private static Parsed<Expr> sum(List<FlatSum.Term> terms, TextOrigin origin) {
        Expr out = null;
        for (FlatSum.Term t : terms) {
            Expr term;
            if (t.text().isBlank() && out == null) {
                term = Expr.num(0);
            } else {
                Parsed<Expr> p = expression(t.text(), TextOrigin.shifted(origin, t.offset()));
                if (!p.isOk()) {
                    return p;
                }
                term = p.value().get();
            }
            out = out == null ? (t.negative() ? new Expr.Neg(term) : term)
                    : new Expr.Bin(t.negative() ? Expr.Op.SUB : Expr.Op.ADD, out, term);
        }
        return Parsed.ok(out);
    }

    /** Parses an expression that has no source file (command line, generated text). */
    public static Expr expression(String text) {
        return expression(text, TextOrigin.synthetic("<expression>")).orThrow();
    }

    /** Parses {@code name = expr, name = expr} (the {@code --at} and {@code vars:} syntax). */
    public static Parsed<List<Annotation.Binding>> bindings(String text, TextOrigin origin) {
        return parse(text, origin, AnnotationParser::standaloneBindings, "bad assignment list", "", tree -> {
            List<Annotation.Binding> out = new ArrayList<>();
            for (AnnotationParser.BindingContext b : tree.binding()) {
                out.add(new Annotation.Binding(b.identifier().getText(), ExprBuilder.build(b.expression())));
            }
            return Parsed.ok(out);
        });
    }

    /**
     * Parses one {@code key = expression} line (machine files): the key a word or words joined by
     * {@code -} ({@code loop-java}), named as the line writes it (spaces around a {@code -} stay in
     * the name, which then names no key).
     */
    public static Parsed<Annotation.Binding> assignment(String text, TextOrigin origin) {
        return parse(text, origin, AnnotationParser::standaloneMachineLine, "bad line", " (expected: name = expression)",
                tree -> Parsed.ok(new Annotation.Binding(text.substring(tree.machineKey().start.getStartIndex(),
                        tree.machineKey().stop.getStopIndex() + 1), ExprBuilder.build(tree.expression()))));
    }

    private static String message(SyntaxErrors errors) {
        if (!errors.any()) {
            return "input too deeply nested";
        }
        if (errors.message().equals(NestingLimit.MESSAGE)) {
            return errors.message();
        }
        return errors.message().startsWith("unexpected end of text")
                ? "unexpected end of line" + errors.message().substring("unexpected end of text".length())
                : errors.message();
    }

    private static String firstWord(String text) {
        String t = text.strip();
        int i = 0;
        while (i < t.length() && (Character.isLetterOrDigit(t.charAt(i)) || t.charAt(i) == '_')) {
            i++;
        }
        return i == 0 && !t.isEmpty() ? t.substring(0, 1) : t.substring(0, i);
    }

    private static Parsed<Annotation> build(AnnotationParser.AnnotationContext ctx, String text, TextOrigin origin) {
        return ctx.accept(new Builder(text, origin));
    }

    /**
     * One annotation's tree to its {@link Annotation}: the annotation grammar's generated
     * visitor, one method per labelled alternative of {@code annotation}.
     */
    private static final class Builder extends AnnotationBaseVisitor<Parsed<Annotation>> {
        private final String text;
        private final TextOrigin origin;

        Builder(String text, TextOrigin origin) {
            this.text = text;
            this.origin = origin;
        }

        private SourceLocation at(ParserRuleContext ctx) {
            return origin.locate(ExprBuilder.offset(ctx));
        }

        @Override
        public Parsed<Annotation> visitFragmentStart(AnnotationParser.FragmentStartContext f) {
            return Parsed.ok(new Annotation.FragmentStart(at(f), f.identifier().getText()));
        }

        @Override
        public Parsed<Annotation> visitFragmentEnd(AnnotationParser.FragmentEndContext f) {
            return Parsed.ok(new Annotation.FragmentEnd(at(f), f.identifier() == null ? "" : f.identifier().getText()));
        }

        @Override
        public Parsed<Annotation> visitInputAnnotation(AnnotationParser.InputAnnotationContext in) {
            return Parsed.ok(new Annotation.DataUse(at(in), Annotation.Direction.INPUT, items(in.dataItem(), text)));
        }

        @Override
        public Parsed<Annotation> visitOutputAnnotation(AnnotationParser.OutputAnnotationContext out) {
            return Parsed.ok(new Annotation.DataUse(at(out), Annotation.Direction.OUTPUT, items(out.dataItem(), text)));
        }

        @Override
        public Parsed<Annotation> visitModelOne(AnnotationParser.ModelOneContext m) {
            return model(at(m), List.of(m.modelAssign()), origin);
        }

        @Override
        public Parsed<Annotation> visitModelBlock(AnnotationParser.ModelBlockContext m) {
            return model(at(m), m.modelAssign(), origin);
        }

        @Override
        public Parsed<Annotation> visitVarsAnnotation(AnnotationParser.VarsAnnotationContext v) {
            List<Annotation.Binding> bindings = new ArrayList<>();
            for (AnnotationParser.BindingContext b : v.binding()) {
                bindings.add(new Annotation.Binding(b.identifier().getText(), ExprBuilder.build(b.expression())));
            }
            return Parsed.ok(new Annotation.Vars(at(v), bindings));
        }

        @Override
        public Parsed<Annotation> visitPoolAnnotation(AnnotationParser.PoolAnnotationContext r) {
            String word = r.identifier().getText().toLowerCase(java.util.Locale.ROOT);
            if (!word.equals("shared") && !word.equals("team")) {
                return Parsed.failed(Diagnostic.error(at(r.identifier()), "'pool:' takes 'shared' (the construct's "
                        + "tasks and loops share a pool's workers) or 'team' (a static team), not '" + r.identifier().getText() + "'"));
            }
            return Parsed.ok(new Annotation.Pool(at(r), word.equals("shared")));
        }

        @Override
        public Parsed<Annotation> visitIndependentAnnotation(AnnotationParser.IndependentAnnotationContext i) {
            return Parsed.ok(new Annotation.Independent(at(i)));
        }

        @Override
        public Parsed<Annotation> visitRecursionAnnotation(AnnotationParser.RecursionAnnotationContext r) {
            return Parsed.ok(new Annotation.Recursion(at(r), ExprBuilder.build(r.expression())));
        }

        @Override
        public Parsed<Annotation> visitIterationsAnnotation(AnnotationParser.IterationsAnnotationContext it) {
            return Parsed.ok(new Annotation.Iterations(at(it), ExprBuilder.build(it.expression())));
        }

        @Override
        public Parsed<Annotation> visitProbabilityAnnotation(AnnotationParser.ProbabilityAnnotationContext pr) {
            return Parsed.ok(new Annotation.Probability(at(pr), ExprBuilder.build(pr.expression())));
        }

        @Override
        public Parsed<Annotation> visitSizeAnnotation(AnnotationParser.SizeAnnotationContext s) {
            return Parsed.ok(new Annotation.Size(at(s), item(s.dataItem(), text), ExprBuilder.build(s.expression())));
        }

        @Override
        public Parsed<Annotation> visitSyncAnnotation(AnnotationParser.SyncAnnotationContext s) {
            Annotation.SyncKind kind = s.syncKind().POST() != null ? Annotation.SyncKind.POST : Annotation.SyncKind.WAIT;
            List<Expr> index = new ArrayList<>();
            for (AnnotationParser.ExpressionContext e : s.expression()) {
                index.add(ExprBuilder.build(e));
            }
            return Parsed.ok(new Annotation.Sync(at(s), kind, s.identifier().getText(), index));
        }

        @Override
        public Parsed<Annotation> visitMeasuredIn(AnnotationParser.MeasuredInContext m) {
            int from = m.COLON().getSymbol().getStopIndex() + 1;
            String path = text.substring(Math.min(from, text.length())).strip();
            return Parsed.ok(new Annotation.MeasuredIn(at(m), path));
        }

        @Override
        public Parsed<Annotation> visitFittedOn(AnnotationParser.FittedOnContext f) {
            List<Annotation.Range> ranges = new ArrayList<>();
            for (AnnotationParser.FitRangeContext r : f.fitRange()) {
                String name = r.identifier().getText();
                SourceLocation nameAt = at(r);
                double low = number(r.signedNumber(0));
                double high = r.signedNumber().size() > 1 ? number(r.signedNumber(1)) : low;
                if (!Double.isFinite(low) || !Double.isFinite(high)) {
                    return Parsed.failed(Diagnostic.error(nameAt, "number out of range in the range of '" + name + "'"));
                }
                if (low > high) {
                    return Parsed.failed(Diagnostic.error(at(r.signedNumber(1)), "the range of '" + name
                            + "' ends below its start (write low:high)"));
                }
                if (ranges.stream().anyMatch(x -> x.name().equals(name))) {
                    return Parsed.failed(Diagnostic.error(nameAt, "'" + name + "' given twice"));
                }
                if (name.equals(Annotation.FittedOn.RUNS) && (low != high || low < 1 || low != Math.rint(low))) {
                    return Parsed.failed(Diagnostic.error(nameAt, "runs is the number of runs fitted: one whole number "
                            + "of at least 1 (runs = 24)"));
                }
                ranges.add(new Annotation.Range(name, low, high));
            }
            return Parsed.ok(new Annotation.FittedOn(at(f), ranges));
        }

        @Override
        public Parsed<Annotation> visitContention(AnnotationParser.ContentionContext c) {
            Map<String, Double> values = new java.util.HashMap<>();
            for (AnnotationParser.ContentionValueContext v : c.contentionValue()) {
                String name = v.identifier().getText().toLowerCase(Locale.ROOT);
                SourceLocation nameAt = at(v);
                if (!Annotation.Contention.KEYS.contains(name)) {
                    return Parsed.failed(Diagnostic.error(nameAt, "unknown contention key '" + v.identifier().getText()
                            + "' (keys: " + String.join(", ", Annotation.Contention.KEYS) + ")"));
                }
                if (values.containsKey(name)) {
                    return Parsed.failed(Diagnostic.error(nameAt, "'" + name + "' given twice"));
                }
                double value = number(v.signedNumber());
                SourceLocation valueAt = at(v.signedNumber());
                if (!Double.isFinite(value)) {
                    return Parsed.failed(Diagnostic.error(valueAt, "number out of range for '" + name + "'"));
                }
                if (name.equals("at") && !(value > 1)) {
                    return Parsed.failed(Diagnostic.error(valueAt, "'at' is the co-runner's pressure the slowdown was "
                            + "taken at, and must be above 1 (1 is no pressure: a slowdown there says nothing per unit of pressure)"));
                }
                if (!(value > 0)) {
                    return Parsed.failed(Diagnostic.error(valueAt, "'" + name + "' is a ratio (of times or of bandwidths): "
                            + "a positive number"));
                }
                values.put(name, value);
            }
            List<String> missing = Annotation.Contention.KEYS.stream().filter(k -> !values.containsKey(k)).toList();
            if (!missing.isEmpty()) {
                return Parsed.failed(Diagnostic.error(at(c), "contention: needs slowdown, at and pressure (missing: "
                        + String.join(", ", missing) + ")"));
            }
            return Parsed.ok(new Annotation.Contention(at(c), values.get("slowdown"), values.get("at"), values.get("pressure")));
        }

        private static double number(AnnotationParser.SignedNumberContext n) {
            String t = n.NUMBER().getText().replace('d', 'e').replace('D', 'e');
            double v = Double.parseDouble(t);
            return n.getStart().getType() == AnnotationParser.MINUS ? -v : v;
        }

        @Override
        public Parsed<Annotation> visitParallelSections(AnnotationParser.ParallelSectionsContext c) {
            return Parsed.ok(new Annotation.Structure(at(c), Annotation.StructureKind.PARALLEL_SECTIONS, ""));
        }

        @Override
        public Parsed<Annotation> visitSection(AnnotationParser.SectionContext c) {
            return Parsed.ok(new Annotation.Structure(at(c), Annotation.StructureKind.SECTION, ""));
        }

        @Override
        public Parsed<Annotation> visitEndParallelSections(AnnotationParser.EndParallelSectionsContext c) {
            return Parsed.ok(new Annotation.Structure(at(c), Annotation.StructureKind.END_PARALLEL_SECTIONS, ""));
        }

        @Override
        public Parsed<Annotation> visitTile(AnnotationParser.TileContext t) {
            return Parsed.ok(new Annotation.Structure(at(t), Annotation.StructureKind.TILE, t.identifier().getText()));
        }

        @Override
        public Parsed<Annotation> visitEndTile(AnnotationParser.EndTileContext c) {
            return Parsed.ok(new Annotation.Structure(at(c), Annotation.StructureKind.END_TILE, ""));
        }

        @Override
        public Parsed<Annotation> visitEndTile2(AnnotationParser.EndTile2Context c) {
            return Parsed.ok(new Annotation.Structure(at(c), Annotation.StructureKind.END_TILE, ""));
        }

        /** A tree of a rule this builder does not know. */
        @Override
        public Parsed<Annotation> visitChildren(RuleNode node) {
            return Parsed.failed(Diagnostic.error(node instanceof ParserRuleContext c ? at(c) : origin.locate(0),
                    "unsupported annotation"));
        }
    }

    private static Parsed<Annotation> model(SourceLocation at, List<AnnotationParser.ModelAssignContext> assigns,
                                            TextOrigin origin) {
        Map<Category, Expr> categories = new EnumMap<>(Category.class);
        for (AnnotationParser.ModelAssignContext a : assigns) {
            String key = a.identifier().getText();
            SourceLocation keyAt = origin.locate(ExprBuilder.offset(a));
            Category c = Category.byKey(key).orElse(null);
            if (c == null) {
                return Parsed.failed(Diagnostic.error(keyAt, "unknown category '" + key + "' (categories: " + Category.keys() + ")"));
            }
            if (categories.containsKey(c)) {
                return Parsed.failed(Diagnostic.error(keyAt, "category '" + key + "' given twice"));
            }
            categories.put(c, ExprBuilder.build(a.expression()));
        }
        return Parsed.ok(new Annotation.Model(at, categories));
    }

    private static List<DataItem> items(List<AnnotationParser.DataItemContext> ctxs, String text) {
        List<DataItem> out = new ArrayList<>();
        for (AnnotationParser.DataItemContext c : ctxs) {
            out.add(item(c, text));
        }
        return out;
    }

    private static DataItem item(AnnotationParser.DataItemContext c, String text) {
        return new DataItem(originalText(c, text));
    }

    private static String originalText(ParserRuleContext c, String text) {
        int a = c.getStart().getStartIndex();
        int b = c.getStop().getStopIndex();
        return text.substring(a, Math.min(b + 1, text.length()));
    }
}
