package lcm.campaign;

import lcm.campaign.Campaign.Axis;
import lcm.expr.NumberText;
import lcm.source.UserError;
import lcm.values.Point;
import lcm.values.Ranges;

import java.util.ArrayList;
import java.util.List;

/**
 * The values the user gives the variables ({@code --vars n=256:4096:*2,itors=16}) and the
 * processors ({@code --procs 1,2,4,8,16}), as the axes of a design. Ranges are written as
 * {@code --range} writes them (lcm.values.Ranges): a list {@code 1,2,4}, a geometric range
 * {@code 64:4096:*2}, powers of two {@code 2^6:2^12} (for every variable: 64, 128, ..., 4096);
 * {@code FROM:TO} without a factor are the
 * whole numbers from FROM to TO; a single value fixes the variable. In {@code --procs},
 * {@code max} stands for this node's processors, and {@code max} alone means 1, 2, 4, ... up to
 * them (the count itself included).
 */
public final class DesignSpace {

    /** At most this many values of one variable (a range of whole numbers is easily too long). */
    static final int MAX_VALUES = 64;

    private DesignSpace() {
    }

    /** The axes of {@code vars} and then p from {@code procs} (or from {@code vars} when it gives p). */
    public static List<Axis> axes(String vars, String procs, int nodeProcessors) {
        List<Axis> axes = new ArrayList<>();
        Axis p = null;
        for (String item : items(vars == null ? "" : vars)) {
            Axis a = axis(item, "--vars");
            if (axes.stream().anyMatch(x -> x.name().equals(a.name())) || p != null && a.isProcessors()) {
                throw UserError.of("--vars: " + a.name() + " is given twice");
            }
            if (a.isProcessors()) {
                p = a;
            } else {
                axes.add(a);
            }
        }
        if (procs != null) {
            if (p != null) {
                throw UserError.of("--vars gives p and --procs too: give the processors once, with --procs");
            }
            p = processors(procs, nodeProcessors);
        }
        if (p == null) {
            p = processors("max", nodeProcessors);
        }
        for (double v : p.values()) {
            if (v < 1 || v != Math.rint(v)) {
                throw UserError.of("--procs: p = " + NumberText.plain(v) + " is not a whole number of processors");
            }
        }
        axes.add(p);
        return axes;
    }

    /** {@code --procs}: a list or range of p, with {@code max} for this node's processors. */
    static Axis processors(String text, int nodeProcessors) {
        String t = text.strip();
        if (t.equals("max")) {
            List<Double> values = new ArrayList<>();
            for (int v = 1; v < nodeProcessors; v *= 2) {
                values.add((double) v);
            }
            values.add((double) nodeProcessors);
            return new Axis(Campaign.PROCESSORS, values);
        }
        return axis("p=" + t.replace("max", Integer.toString(nodeProcessors)), "--procs");
    }

    private static Axis axis(String item, String option) {
        int eq = item.indexOf('=');
        String name = eq <= 0 ? "" : item.substring(0, eq).strip();
        String body = eq <= 0 ? "" : item.substring(eq + 1).strip();
        if (!name.matches("[A-Za-z_][A-Za-z_0-9]*") || body.isEmpty()) {
            throw UserError.of(option + ": expected NAME=VALUES (n=256:4096:*2, p=1,2,4), not '" + item.strip() + "'");
        }
        if (!body.contains(":") && !body.contains(",")) {
            return new Axis(name, List.of(Point.parse(name + "=" + body, option).values().get(name)));
        }
        String[] ends = body.split(":", -1);
        // both ends written as powers of two (n=2^6:2^12): the powers of two between them, as p's in --range
        boolean powers = ends.length == 2 && Ranges.powerOfTwo(ends[0]) && Ranges.powerOfTwo(ends[1]);
        Ranges.Range r = Ranges.parse(name + "=" + body + (powers ? ":*2" : ""), option).byVariable().get(name);
        List<Double> values = new ArrayList<>();
        if (r.samples() != null) {
            for (double v : r.samples()) {
                values.add(v);
            }
        } else if (r.from() == Math.rint(r.from()) && r.to() == Math.rint(r.to())) {
            for (double v = r.from(); v <= r.to() && values.size() <= MAX_VALUES; v++) {
                values.add(v);
            }
        } else {
            throw UserError.of(option + ": " + name + "=" + body + ": give the values as a list (1,2,4) or a geometric "
                    + "range (64:4096:*2); FROM:TO are the whole numbers between two whole numbers");
        }
        if (values.size() > MAX_VALUES) {
            throw UserError.of(option + ": " + name + "=" + body + " has more than " + MAX_VALUES + " values: give a list or "
                    + "a geometric range (" + name + "=" + NumberText.plain(r.from()) + ":" + NumberText.plain(r.to()) + ":*2)");
        }
        return new Axis(name, values);
    }

    /** The items of a list of variables: a part without {@code =} continues the list of the one before. */
    private static List<String> items(String text) {
        List<String> out = new ArrayList<>();
        for (String part : text.split(",")) {
            if (part.isBlank()) {
                continue;
            }
            if (!part.contains("=") && !out.isEmpty()) {
                out.set(out.size() - 1, out.get(out.size() - 1) + "," + part);
            } else {
                out.add(part);
            }
        }
        return out;
    }
}
