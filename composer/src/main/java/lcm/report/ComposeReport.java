package lcm.report;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.io.JsonStringEncoder;
import lcm.algebra.Alg;
import lcm.compose.SyncNode;
import lcm.trace.PathEvent;
import lcm.trace.PathJson;
import lcm.expr.ExprPrinter;
import lcm.expr.NumberText;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import lcm.expr.Evaluator;
import lcm.annotation.Category;
import lcm.compose.ComposedModel;
import lcm.width.AppliedRule;
import lcm.compose.Transfer;
import lcm.expr.Expr;

import java.io.Flushable;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.CharBuffer;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/** Renders a composed model as text, JSON (docs/design.md#json-contract) or LaTeX. */
public final class ComposeReport {

    /** Built on the first JSON report only: Jackson's start is a sixth of a text {@code lcm compose}'s. */
    private static final class Json {
        static final ObjectMapper MAPPER = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);
    }

    private final ComposedModel model;
    private final Optional<Map<String, Double>> point;

    /** {@code point}: complete values of the model's variables, when the user asked for numbers. */
    public ComposeReport(ComposedModel model, Optional<Map<String, Double>> point) {
        this.model = model;
        this.point = point;
    }

    private List<SyncNode.Evaluation> evaluations;
    private Map<String, Double> values;
    private List<String> pointWarnings = List.of();

    /** Time and categories at the point (critical paths computed first, where tasks synchronize). */
    public Map<String, Double> values() {
        if (values == null) {
            values = new LinkedHashMap<>();
            evaluations = new ArrayList<>();
            point.ifPresent(p -> {
                ComposedModel.PointValues v = model.evaluate(p);
                values.put("time", v.time());
                for (Category c : Category.values()) {
                    values.put(c.key(), v.categories().get(c));
                }
                evaluations.addAll(v.criticalPaths());
                pointWarnings = v.warnings();
            });
        }
        return values;
    }

    /** What looks wrong at the point (negative or non-finite categories, failed checks); empty without a point. */
    public List<String> pointWarnings() {
        values();
        return pointWarnings;
    }

    /** Every warning the user should see: the composition's, then the point's. */
    public List<String> warnings() {
        List<String> all = new ArrayList<>(model.warnings());
        all.addAll(pointWarnings());
        criticalPaths().forEach(e -> all.addAll(e.warnings()));
        return all;
    }

    /** The critical paths of the synchronized nodes at the point (empty without a point). */
    public List<SyncNode.Evaluation> criticalPaths() {
        values();
        return evaluations;
    }

    public String signature() {
        return "T_P(" + String.join(", ", model.variables()) + ")";
    }

    public String text(boolean explain) {
        StringBuilder out = new StringBuilder();
        try {
            writeText(explain, out);
        } catch (IOException cannot) {
            throw new UncheckedIOException(cannot); // a StringBuilder does not fail
        }
        return out.toString();
    }

    /**
     * A formula of the text report: in cases when it holds the costlier-branch rule's indicators
     * ({@link Piecewise}), the later lines indented by {@code indent}; else as it is, printed
     * straight into the target.
     */
    private static void formula(Expr e, int indent, Appendable target) throws IOException {
        List<String> cases = Piecewise.lines(e);
        if (cases.isEmpty()) {
            ExprPrinter.print(e, ExprPrinter.Style.PLAIN, Map.of(), target);
            return;
        }
        for (int i = 0; i < cases.size(); i++) {
            target.append(i == 0 ? "" : "\n" + " ".repeat(indent)).append(cases.get(i));
        }
    }

    /**
     * The text report written to {@code target} as it is made: the model's formulas are printed
     * straight into it, never held whole (those of 10^5 fragments are some 90 MB of text).
     */
    public void writeText(boolean explain, Appendable target) throws IOException {
        String head = signature() + " = ";
        target.append(head);
        formula(model.time(), head.length(), target);
        target.append("\n\n");
        target.append("lost cycles per category (processor-seconds; T_P = their sum / p):\n");
        for (Category c : Category.values()) {
            String key = String.format("  %-3s = ", c.key());
            target.append(key);
            formula(model.categories().get(c), key.length(), target);
            target.append(System.lineSeparator());
        }
        StringBuilder out = new StringBuilder();
        for (SyncNode sn : model.syncNodes()) {
            out.append('\n').append(sn.explanation()).append('\n');
        }
        if (!model.transfers().isEmpty()) {
            out.append("\ndata transfers (docs/composition.md#4-data-traces-cl-and-rc):\n");
            for (Transfer t : model.transfers()) {
                out.append("  ").append(transferLine(t)).append('\n');
            }
        }
        point.ifPresent(at -> {
            out.append("\nat ").append(NumberText.point(at)).append(":\n");
            List<String> fromSources = at.keySet().stream().filter(model.defaults()::containsKey)
                    .filter(v -> model.defaults().get(v).equals(at.get(v))).toList();
            if (!fromSources.isEmpty()) {
                out.append("  (").append(String.join(", ", fromSources)).append(" as the sources define ")
                        .append(fromSources.size() == 1 ? "it" : "them").append(")\n");
            }
            Map<String, Double> v = values();
            double time = v.get("time");
            out.append(String.format(Locale.ROOT, "  T_P = %s s%n", NumberText.plain(time)));
            double total = 0;
            for (Category c : Category.values()) {
                total += v.get(c.key());
            }
            for (Category c : Category.values()) {
                double x = v.get(c.key());
                out.append(String.format(Locale.ROOT, "  %-3s = %-14s (%7s)%n", c.key(), NumberText.plain(x),
                        NumberText.percent(total == 0 ? 0.0 : x / total)));
            }
            List<SyncNode.Evaluation> paths = criticalPaths();
            for (int i = 0; i < paths.size(); i++) {
                SyncNode sn = model.syncNodes().get(i);
                SyncNode.Evaluation e = paths.get(i);
                out.append("\n  ").append(sn.atPoint(e)).append('\n');
                for (PathEvent pe : e.path()) {
                    out.append(String.format(Locale.ROOT, "    %12s s  %-12s %s%n", NumberText.plain(pe.time()), pe.task(), pe.event()));
                }
            }
        });
        if (explain) {
            out.append("\nrules applied:\n");
            for (AppliedRule s : model.steps()) {
                out.append("  ").append(s.at()).append("  ").append(s.node()).append(": ").append(s.rule());
                s.expression().ifPresent(e -> out.append("\n      ").append(e.text()));
                out.append('\n');
            }
        }
        // the warnings go to stderr, once (lcm compose prints warnings()), and into the JSON report
        target.append(out);
    }

    static String transferLine(Transfer t) {
        StringBuilder s = new StringBuilder();
        s.append(t.item()).append(": ").append(t.from()).append(" -> ").append(t.to()).append(", ")
                .append(t.kind().json()).append(" dependence, LUB ").append(t.lub()).append(", ")
                .append(t.change().json()).append(", ").append(t.multiplicity().text()).append(" per LUB execution");
        t.bytes().ifPresent(b -> s.append(", ").append(b.text()).append(" bytes"));
        t.readers().ifPresent(r -> s.append(", ").append(r.text()).append(" readers"));
        t.cl().ifPresent(cl -> s.append("\n      CL ").append(signed(cl, t)));
        t.rc().ifPresent(rc -> s.append("\n      RC ").append(signed(rc, t)));
        return s.toString();
    }

    private static String signed(Expr e, Transfer t) {
        return t.change() == Transfer.Change.REMOVED ? "- " + Alg.neg(e).text() : "+ " + e.text();
    }


    public String json() {
        StringBuilder out = new StringBuilder();
        try {
            writeJson(out);
        } catch (IOException cannot) {
            throw new UncheckedIOException(cannot); // a StringBuilder does not fail
        }
        return out.toString();
    }

    /**
     * The JSON report written to {@code target} as it is made, the formulas printed straight
     * into it (as {@link #writeText}): the same text as a tree of Jackson's written at once.
     */
    public void writeJson(Appendable target) throws IOException {
        List<String> warnings = new ArrayList<>(model.warnings());
        warnings.addAll(pointWarnings());
        for (SyncNode sn : model.syncNodes()) {
            warnings.add(sn.warning() + (point.isEmpty() ? " (give --at)" : ""));
        }
        criticalPaths().forEach(e -> warnings.addAll(e.warnings()));
        try (JsonGenerator g = Json.MAPPER.getFactory().createGenerator(new AppendingWriter(target))) {
            g.disable(JsonGenerator.Feature.AUTO_CLOSE_TARGET); // the caller owns the target
            g.useDefaultPrettyPrinter();
            g.writeStartObject();
            g.writeArrayFieldStart("variables");
            for (String v : model.variables()) {
                g.writeString(v);
            }
            g.writeEndArray();
            g.writeFieldName("time");
            formula(g, model.time());
            g.writeObjectFieldStart("categories");
            for (Category c : Category.values()) {
                g.writeFieldName(c.key());
                formula(g, model.categories().get(c));
            }
            g.writeEndObject();
            g.writeArrayFieldStart("transfers");
            for (Transfer t : model.transfers()) {
                g.writeStartObject();
                g.writeStringField("item", t.item().text());
                g.writeStringField("from", t.from());
                g.writeStringField("to", t.to());
                g.writeStringField("lub", t.lub());
                g.writeStringField("kind", t.kind().json());
                g.writeStringField("change", t.change().json());
                g.writeEndObject();
            }
            g.writeEndArray();
            if (point.isPresent()) {
                g.writeObjectFieldStart("values");
                for (Map.Entry<String, Double> v : values().entrySet()) {
                    g.writeNumberField(v.getKey(), v.getValue());
                }
                g.writeEndObject();
            }
            if (!model.syncNodes().isEmpty()) {
                g.writeArrayFieldStart("critical_path");
                for (SyncNode.Evaluation e : criticalPaths()) {
                    for (PathEvent pe : e.path()) {
                        PathJson.event(g, pe);
                    }
                }
                g.writeEndArray();
            }
            g.writeArrayFieldStart("warnings");
            for (String w : warnings) {
                g.writeString(w);
            }
            g.writeEndArray();
            g.writeEndObject();
        }
        target.append('\n');
    }

    /**
     * A formula as a JSON string, printed into the generator's output as it is made. Its
     * characters (digits, names, operators, parentheses, commas and blanks) need no escaping;
     * any that would is escaped here all the same.
     */
    private static void formula(JsonGenerator g, Expr e) throws IOException {
        g.writeRawValue("\"");
        ExprPrinter.print(e, ExprPrinter.Style.PLAIN, Map.of(), new Appendable() {
            @Override
            public Appendable append(CharSequence csq) throws IOException {
                g.writeRaw(escaped(csq.toString()));
                return this;
            }

            @Override
            public Appendable append(CharSequence csq, int start, int end) throws IOException {
                return append(csq.subSequence(start, end));
            }

            @Override
            public Appendable append(char c) throws IOException {
                return append(String.valueOf(c));
            }
        });
        g.writeRaw('"');
    }

    private static String escaped(String text) {
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c == '"' || c == '\\' || c < ' ') {
                return new String(JsonStringEncoder.getInstance().quoteAsString(text));
            }
        }
        return text;
    }

    /** A Writer onto an Appendable (a StringBuilder, the command's PrintStream), for Jackson. */
    private static final class AppendingWriter extends Writer {
        private final Appendable target;

        AppendingWriter(Appendable target) {
            this.target = target;
        }

        @Override
        public void write(char[] text, int offset, int length) throws IOException {
            target.append(CharBuffer.wrap(text, offset, length));
        }

        @Override
        public void flush() throws IOException {
            if (target instanceof Flushable f) {
                f.flush();
            }
        }

        @Override
        public void close() throws IOException {
            flush();
        }
    }

    public String latex() {
        StringBuilder out = new StringBuilder("\\begin{align*}\n");
        String vars = String.join(", ", model.variables().stream()
                .map(v -> ExprPrinter.printLatex(new Expr.Var(v))).toList());
        out.append("T_P(").append(vars).append(") &= ").append(ExprPrinter.printLatex(model.time())).append(" \\\\\n");
        List<Category> cs = List.of(Category.values());
        for (int i = 0; i < cs.size(); i++) {
            Category c = cs.get(i);
            out.append("\\mathit{").append(c.key().toUpperCase(Locale.ROOT)).append("} &= ")
                    .append(ExprPrinter.printLatex(model.categories().get(c)))
                    .append(i + 1 < cs.size() ? " \\\\\n" : "\n");
        }
        return out.append("\\end{align*}\n").toString();
    }
}
