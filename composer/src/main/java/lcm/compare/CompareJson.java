package lcm.compare;

import lcm.expr.Processors;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import lcm.annotation.Category;
import lcm.expr.Expr;

import java.util.Map;
import java.util.Optional;

/**
 * {@code lcm compare --format json} (docs/design.md#json-contract): {@code models}, {@code difference},
 * {@code grid}, {@code crossovers}, {@code best}, then what compare adds: {@code differences},
 * {@code verdict}, {@code rows}, {@code warnings}. EXPR strings are annotation-language text.
 */
final class CompareJson {

    private static final ObjectMapper MAPPER = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    private CompareJson() {
    }

    static String render(Comparison c) {
        ObjectNode o = MAPPER.createObjectNode();
        ArrayNode models = o.putArray("models");
        for (int m = 0; m < c.models().size(); m++) {
            models.add(model(c, m));
        }
        o.put("difference", c.difference().expr().text());
        o.set("grid", grid(c));
        ArrayNode xs = o.putArray("crossovers");
        for (Crossover x : c.crossovers()) {
            ObjectNode j = xs.addObject();
            j.set("at", point(x.at()));
            j.putArray("between").add(x.below()).add(x.above());
            j.put("along", x.along());
            integers(j, x);
        }
        ArrayNode best = o.putArray("best");
        for (Region r : c.regions()) {
            ObjectNode j = best.addObject();
            ObjectNode region = j.putObject("region");
            r.extent().forEach((v, i) -> region.putArray(v).add(i.from()).add(i.to()));
            j.put("model", r.model());
        }
        ArrayNode diffs = o.putArray("differences");
        for (Comparison.Difference d : c.differences()) {
            ObjectNode j = diffs.addObject();
            j.putArray("between").add(d.first()).add(d.second());
            j.put("expr", d.expr().text());
        }
        ObjectNode verdict = o.putObject("verdict");
        verdict.put("text", c.verdict().text());
        if (c.verdict().winner().isPresent()) {
            verdict.put("winner", c.verdict().winner().getAsInt());
            verdict.putArray("margin").add(c.verdict().marginMin()).add(c.verdict().marginMax());
        } else {
            verdict.putNull("winner");
            verdict.putNull("margin");
        }
        ArrayNode rows = o.putArray("rows");
        for (Comparison.RowView r : c.rows()) {
            ObjectNode j = rows.addObject();
            c.domain().row().ifPresent(a -> j.put(a.variable(), r.row()));
            ArrayNode rx = j.putArray("crossovers");
            for (Crossover x : r.crossovers()) {
                ObjectNode k = rx.addObject();
                k.set("at", point(x.at()));
                k.putArray("between").add(x.below()).add(x.above());
                integers(k, x);
            }
        }
        ArrayNode ws = o.putArray("warnings");
        c.warnings().forEach(ws::add);
        try {
            return MAPPER.writeValueAsString(o) + "\n";
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }

    private static ObjectNode model(Comparison c, int m) {
        Alternative a = c.models().get(m);
        ObjectNode j = MAPPER.createObjectNode();
        j.put("file", a.file());
        j.put("name", a.name());
        j.put("kind", a.kind() == Alternative.Kind.PROGRAM ? "program" : "model-file");
        ArrayNode vars = j.putArray("variables");
        a.variables().forEach(vars::add);
        j.put("time", c.times().get(m).text());
        ObjectNode cats = j.putObject("categories");
        for (Category cat : Category.values()) {
            cats.put(cat.key(), c.fixed().get(m).categories().get(cat).text());
        }
        j.put("wins", c.grid().wins()[m]);
        ProcessorAnalysis p = c.processors().get(m);
        expr(j, "speedup", p.speedup());
        expr(j, "efficiency", p.efficiency());
        expr(j, "dT_dp", p.derivative());
        ObjectNode bp = j.putObject("best_p");
        bp.put("method", p.method().json());
        ArrayNode roots = bp.putArray("stationary_points");
        p.stationaryPoints().forEach(e -> roots.add(e.text()));
        ArrayNode pts = bp.putArray("points");
        for (BestP b : p.bestP()) {
            ObjectNode k = pts.addObject();
            c.domain().row().ifPresent(r -> k.put(r.variable(), b.row()));
            k.put(Processors.NAME, b.p());
            k.put("time", b.time());
            k.put("speedup", b.speedup());
            k.put("efficiency", b.efficiency());
            k.put("stationary", b.stationary());
        }
        j.put("note", p.note().isEmpty() ? p.derivativeNote() : p.note());
        return j;
    }

    private static ObjectNode grid(Comparison c) {
        ObjectNode g = MAPPER.createObjectNode();
        ArrayNode axes = g.putArray("axes");
        for (Axis a : c.domain().axes()) {
            ObjectNode j = axes.addObject();
            j.put("variable", a.variable());
            j.put("from", a.from());
            j.put("to", a.to());
            j.put("points", a.points());
            j.put("integer", a.integer());
            if (a.sampled()) {
                ArrayNode values = j.putArray("values");
                for (double v : a.values()) {
                    values.add(v);
                }
            }
        }
        g.set("fixed", point(c.domain().fixed()));
        g.put("points", c.grid().size());
        ArrayNode wins = g.putArray("wins");
        for (int w : c.grid().wins()) {
            wins.add(w);
        }
        return g;
    }

    private static ObjectNode point(Map<String, Double> at) {
        ObjectNode j = MAPPER.createObjectNode();
        at.forEach(j::put);
        return j;
    }

    private static void expr(ObjectNode j, String key, Optional<Expr> e) {
        if (e.isPresent()) {
            j.put(key, e.get().text());
        } else {
            j.putNull(key);
        }
    }

    /** Along p: the neighbouring integers the winner changes between; {@code at} holds the real root. */
    private static void integers(ObjectNode j, Crossover x) {
        if (x.integer()) {
            j.putArray("integers").add((long) x.lower()).add((long) x.upper());
            j.put("at_is_real_root", true);
        }
    }
}
