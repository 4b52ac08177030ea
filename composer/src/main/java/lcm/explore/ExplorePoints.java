package lcm.explore;

import lcm.compose.ComposedModel;
import lcm.expr.Processors;
import lcm.source.UserError;
import lcm.values.Point;
import lcm.values.Ranges;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The points {@code lcm explore} evaluates its variants at: each {@code --at} point, or over a
 * {@code --range} each variable's listed samples, else five values from one end to the other
 * (geometric where the range spans a factor of 4 or more, p rounded to whole processors), every
 * combination; completed by {@code --fix} and the values the sources give.
 *
 * @param at    the points given with --at
 * @param range the ranges given with --range (null without)
 * @param fix   the values given with --fix (null without)
 */
public record ExplorePoints(List<Point> at, Ranges range, Point fix) {

    /** Values per ranging variable that gives no list of its own. */
    static final int PER_AXIS = 5;
    /** At most this many points in all. */
    static final int MAX_POINTS = 10_000;

    public ExplorePoints {
        at = List.copyOf(at);
        if (at.isEmpty() == (range == null)) {
            throw UserError.of("give the points to evaluate at: --at n=..,p=.. (repeatable) or --range n=A:B,p=C:D");
        }
    }

    /** The complete points for {@code base}'s variables. */
    List<Map<String, Double>> resolve(ComposedModel base) {
        List<Map<String, Double>> out = new ArrayList<>();
        if (range == null) {
            for (Point p : at) {
                out.add(p.completeFor(base.variables(), base.defaults(), "--at"));
            }
            return out;
        }
        List<Map<String, Double>> partial = new ArrayList<>(List.of(new LinkedHashMap<>()));
        for (Map.Entry<String, Ranges.Range> r : range.byVariable().entrySet()) {
            List<Map<String, Double>> next = new ArrayList<>();
            for (Map<String, Double> p : partial) {
                for (double v : values(r.getKey(), r.getValue())) {
                    Map<String, Double> q = new LinkedHashMap<>(p);
                    q.put(r.getKey(), v);
                    next.add(q);
                }
            }
            partial = next;
            if (partial.size() > MAX_POINTS) {
                throw UserError.of("--range " + range.text() + ": more than " + MAX_POINTS + " points; list fewer values");
            }
        }
        for (Map<String, Double> p : partial) {
            Map<String, Double> values = new LinkedHashMap<>(fix == null ? Map.of() : fix.values());
            values.putAll(p);
            out.add(new Point(range.text(), values).completeFor(base.variables(), base.defaults(), "--range"));
        }
        return out;
    }

    private static double[] values(String name, Ranges.Range r) {
        if (r.samples() != null) {
            return r.samples().clone();
        }
        double[] out = new double[PER_AXIS];
        boolean geometric = r.from() > 0 && r.to() / r.from() >= 4;
        for (int i = 0; i < PER_AXIS; i++) {
            double f = i / (double) (PER_AXIS - 1);
            out[i] = geometric ? r.from() * Math.pow(r.to() / r.from(), f) : r.from() + f * (r.to() - r.from());
            if (Processors.is(name)) {
                out[i] = Math.max(1, Math.round(out[i]));
            }
        }
        return out;
    }
}
