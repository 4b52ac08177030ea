package lcm.pipeline;

import lcm.compose.FragmentWidths;
import lcm.expr.Evaluator;
import lcm.expr.Expr;
import lcm.frontend.Program;
import lcm.measure.Measurement;
import lcm.measure.MeasurementSet;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Widths for observations of pp files written before lcm measure wrote {@code width=}: their
 * {@code p} is the run's processors, but a fragment's model is a function of its width (the
 * processors composition gives it: p, p/T in a task of T, 1 for serial code). The width comes
 * from the sources of the program that was measured, by composition's own rules
 * ({@link FragmentWidths}): the program named by {@code measured-in:}, else the program itself.
 * An old line of a fragment on one processor carries its idle partners as ip ((procs - 1) times
 * its time, the share rule of the old probe); composition charges them to the parent (IP+), so
 * that ip is not kept (docs/validation.md, "Widths of old pp files").
 */
public final class MeasuredWidths {

    private MeasuredWidths() {
    }

    /**
     * The observations with {@code p} set to their fragment's width (and {@code width} added)
     * where they have no width and their run's processors are known; notes say what was done.
     */
    public static MeasurementSet of(MeasurementSet data, Program program, List<String> notes) {
        Program measured = program.measuredIn().orElse(program);
        Map<String, List<Expr>> widths = FragmentWidths.expressions(measured.dag());
        Map<String, Double> constants = measured.constantValues();
        Set<String> given = new LinkedHashSet<>();
        Set<String> several = new LinkedHashSet<>();
        Set<String> serialIp = new LinkedHashSet<>();
        List<Measurement> out = new ArrayList<>();
        for (Measurement m : data.measurements()) {
            List<Expr> w = widths.get(m.tag());
            if (m.has("width") || !m.has("procs") || w == null) {
                out.add(m);
                continue;
            }
            if (w.size() > 1) {
                several.add(m.tag() + " (" + String.join(", ", w.stream().map(Expr::text).toList()) + ")");
                out.add(m);
                continue;
            }
            Map<String, Double> at = new LinkedHashMap<>(constants);
            at.putAll(m.values());
            at.put("p", m.values().get("procs"));
            double width;
            try {
                width = Evaluator.eval(w.get(0), at);
            } catch (Evaluator.Unbound e) {
                out.add(m);
                continue;
            }
            Map<String, Double> values = new LinkedHashMap<>(m.values());
            values.put("p", width);
            values.put("width", width);
            if (onOneProcessor(w.get(0)) && m.values().get("procs") > 1 && values.containsKey("ip")) {
                values.put("ip", 0.0);
                values.computeIfPresent("ip_med", (k, v) -> 0.0);
                serialIp.add(m.tag());
            }
            given.add(m.tag() + " " + w.get(0).text());
            out.add(new Measurement(m.tag(), values, m.at(), m.run()));
        }
        if (!given.isEmpty()) {
            notes.add(data.file() + " has no width=: each fragment's p is its width in " + name(measured) + " ("
                    + String.join(", ", given) + "), not the run's processors");
        }
        if (!serialIp.isEmpty()) {
            notes.add(String.join(", ", serialIp) + ": on one processor, its idle partners' ip in " + data.file()
                    + " is not fitted (composition charges it to the parent as IP+)");
        }
        if (!several.isEmpty()) {
            notes.add(String.join(", ", several) + ": several widths in " + name(measured) + "; its p stays the run's "
                    + "processors");
        }
        return new MeasurementSet(data.file(), data.format(), out, data.quantities());
    }

    /** Whether a width is 1 whatever the point (serial code), not only at some p. */
    private static boolean onOneProcessor(Expr width) {
        try {
            return Evaluator.eval(width, Map.of()) == 1;
        } catch (Evaluator.Unbound e) {
            return false;
        }
    }

    private static String name(Program p) {
        return p.dag().files().isEmpty() ? "the program" : p.dag().files().get(0).path().getFileName().toString();
    }
}
