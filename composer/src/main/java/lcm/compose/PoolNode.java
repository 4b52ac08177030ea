package lcm.compose;

import lcm.annotation.Category;
import lcm.annotation.DataItem;
import lcm.dag.Scheduling;
import lcm.expr.Evaluator;
import lcm.expr.Expr;
import lcm.expr.NumberText;
import lcm.source.SourceLocation;
import lcm.source.UserError;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.HashSet;

/**
 * Parallel tasks that run in a fork/join pool (docs/composition.md, "Execution models"): no closed
 * form. At each evaluated point the tasks are unrolled (loops with their trip counts at the point,
 * their index variables counting 1, 2, ...), a unit that reads a data item another task writes
 * waits for that task's last unit writing it, and {@link PoolSchedule} runs them on the pool the
 * runtime has at that p. The node's time and all its categories are variables of the composed
 * model ({@code cp_...}, {@code pc_...}, {@code li_...}, ...) valued by that schedule.
 *
 * @param processors the processors the node runs on (its p)
 * @param tasks      what each task does, in order
 */
public record PoolNode(String node, SourceLocation at, Scheduling scheduling, Expr processors, String id,
                       List<List<PoolTemplate>> tasks) implements SyncNode {

    /** The variable a parallel loop's model is kept in for the width the schedule gives it. */
    public static final String WIDTH = "width@pool";

    public PoolNode {
        tasks = tasks.stream().map(List::copyOf).toList();
    }

    @Override
    public String time() {
        return "cp_" + id;
    }

    @Override
    public String sl() {
        return "sl_" + id;
    }

    @Override
    public String li() {
        return "li_" + id;
    }

    @Override
    public String ip() {
        return "ip_" + id;
    }

    /** The variable of category {@code c}. */
    public String variable(Category c) {
        return c.key() + "_" + id;
    }

    @Override
    public List<String> variables() {
        List<String> out = new ArrayList<>();
        out.add(time());
        for (Category c : Category.values()) {
            out.add(variable(c));
        }
        out.add(WIDTH);
        return out;
    }

    @Override
    public String explanation() {
        return "parallel node " + node + " (" + at + ") runs its tasks in a pool, " + scheduling.describe()
                + ": it has no closed form.\n  " + time() + " is its time, the makespan of the pool's schedule; "
                + String.join(", ", java.util.Arrays.stream(Category.values()).map(this::variable).toList())
                + " its categories: computed at each point (--at).";
    }

    @Override
    public String atPoint(Evaluation e) {
        return "pool schedule of " + node + ": " + NumberText.plain(e.time()) + " s (" + sl() + " = "
                + NumberText.plain(e.sl()) + ", " + ip() + " = " + NumberText.plain(e.ip()) + ", " + li() + " = "
                + NumberText.plain(e.li()) + ")";
    }

    @Override
    public String warning() {
        return "parallel node " + node + " runs its tasks in a pool: no closed form; " + time() + " and its categories "
                + "are computed per point from the pool's schedule";
    }

    /** The pool at {@code p} processors: the common pool's p - 1 workers, or the code's fixed number. */
    public PoolSchedule.Pool pool(double p, Map<String, Double> point) {
        if (scheduling.commonPool()) {
            return PoolSchedule.Pool.common(p);
        }
        double k = Evaluator.eval(scheduling.workers().orElseThrow(), point);
        return new PoolSchedule.Pool(Math.max(1, (int) Math.round(k)), false);
    }

    /** The schedule at {@code point}: the units of each task, in order, and how they ran. */
    public PoolSchedule.Result schedule(Map<String, Double> point) {
        double p = Evaluator.eval(processors, point);
        List<List<PoolSchedule.Unit>> units = new ArrayList<>();
        List<List<Keys>> keys = new ArrayList<>();
        ScheduleExprs compiled = new ScheduleExprs();
        for (List<PoolTemplate> task : tasks) {
            List<Unrolled> out = new ArrayList<>();
            unroll(task, new HashMap<>(point), out, compiled);
            units.add(new ArrayList<>());
            keys.add(out.stream().map(Unrolled::keys).toList());
            for (Unrolled u : out) {
                units.get(units.size() - 1).add(u.unit());
            }
        }
        List<List<PoolSchedule.Unit>> linked = link(units, keys);
        try {
            return PoolSchedule.run(p, pool(p, point), linked, "parallel node " + node);
        } catch (UserError e) {
            throw UserError.at(at, e.diagnostics().get(0).message()); // said where the tasks are written
        }
    }

    @Override
    public Evaluation evaluate(Map<String, Double> point) {
        PoolSchedule.Result r = schedule(point);
        Map<String, Double> others = new LinkedHashMap<>();
        for (Category c : List.of(Category.PC, Category.CL, Category.RC)) {
            others.put(variable(c), r.category(c));
        }
        return new Evaluation(r.makespan(), r.category(Category.SL), r.category(Category.LI), r.category(Category.IP),
                List.of(), List.of(), others);
    }

    /** A unit with the data item keys it reads and writes (index values evaluated where it runs). */
    private record Unrolled(PoolSchedule.Unit unit, Keys keys) {
    }

    private record Keys(List<String> inputs, List<String> outputs) {
    }

    private void unroll(List<PoolTemplate> items, Map<String, Double> vars, List<Unrolled> out, ScheduleExprs compiled) {
        for (PoolTemplate item : items) {
            if (item instanceof PoolTemplate.Fragment f) {
                Map<String, Double> at = new HashMap<>(vars);
                Category[] order = Category.values();
                Expr[] models = new Expr[order.length];
                for (Category c : order) {
                    models[c.ordinal()] = f.categories().get(c);
                }
                Optional<ScheduleExprs.Compiled> fast = compiled.compile(f, models, at);
                double[] x = fast.map(c -> c.values(at)).orElse(null);
                PoolSchedule.Unit unit = new PoolSchedule.Unit(f.label(), f.parallel(), width -> {
                    double[] values = new double[order.length];
                    if (fast.isPresent()) {
                        double[] v = fast.get().eval(x, width);
                        for (int k = 0, j = 0; k < order.length; k++) {
                            values[k] = models[k] == null ? 0 : Math.max(0, v[j++]);
                        }
                        return values;
                    }
                    Map<String, Double> w = new HashMap<>(at);
                    w.put(WIDTH, width);
                    for (int k = 0; k < order.length; k++) {
                        values[k] = models[k] == null ? 0 : Math.max(0, Evaluator.eval(models[k], w));
                    }
                    return values;
                }, List.of());
                out.add(new Unrolled(unit, new Keys(keys(f.inputs(), vars, compiled), keys(f.outputs(), vars, compiled))));
            } else if (item instanceof PoolTemplate.Repeat r) {
                long trips = Math.round(Evaluator.eval(r.trips(), vars));
                Double outer = vars.get(r.variable());
                for (long i = 1; i <= trips; i++) {
                    if (!r.variable().isEmpty()) {
                        vars.put(r.variable(), (double) i);
                    }
                    unroll(r.body(), vars, out, compiled);
                }
                if (!r.variable().isEmpty()) {
                    if (outer == null) {
                        vars.remove(r.variable());
                    } else {
                        vars.put(r.variable(), outer);
                    }
                }
            }
        }
    }

    /**
     * The waits the data items imply. A task whose first use of an item reads it consumes what
     * another task produced: that first read waits for the last write of the item in each task
     * whose first use of it is a write (the future it joins is completed there). A task that writes
     * an item before it reads it waits for nobody's.
     */
    private static List<List<PoolSchedule.Unit>> link(List<List<PoolSchedule.Unit>> units, List<List<Keys>> keys) {
        List<Map<String, Integer>> lastWrite = new ArrayList<>();
        List<Map<String, Boolean>> producer = new ArrayList<>();
        for (List<Keys> task : keys) {
            Map<String, Integer> last = new HashMap<>();
            Map<String, Boolean> first = new HashMap<>();
            for (int u = 0; u < task.size(); u++) {
                for (String k : task.get(u).inputs()) {
                    first.putIfAbsent(k, false);
                }
                for (String k : task.get(u).outputs()) {
                    first.putIfAbsent(k, true);
                    last.put(k, u);
                }
            }
            lastWrite.add(last);
            producer.add(first);
        }
        List<List<PoolSchedule.Unit>> out = new ArrayList<>();
        for (int t = 0; t < units.size(); t++) {
            List<PoolSchedule.Unit> task = new ArrayList<>();
            Set<String> read = new HashSet<>();
            for (int u = 0; u < units.get(t).size(); u++) {
                List<int[]> after = new ArrayList<>();
                for (String k : keys.get(t).get(u).inputs()) {
                    if (producer.get(t).get(k) || !read.add(k)) {
                        continue; // produced here first, or already waited for
                    }
                    for (int o = 0; o < units.size(); o++) {
                        Integer w = o == t || !producer.get(o).getOrDefault(k, false) ? null : lastWrite.get(o).get(k);
                        if (w != null) {
                            after.add(new int[] {o, w});
                        }
                    }
                }
                PoolSchedule.Unit x = units.get(t).get(u);
                task.add(after.isEmpty() ? x : new PoolSchedule.Unit(x.label(), x.parallel(), x.categories(), after));
            }
            out.add(task);
        }
        return out;
    }

    /** "a(3)": each item's name and its subscripts evaluated with the loops' values where it is used. */
    private static List<String> keys(List<DataItem> items, Map<String, Double> vars, ScheduleExprs compiled) {
        List<String> out = new ArrayList<>();
        for (DataItem item : items) {
            int open = item.text().indexOf('(');
            if (open < 0) {
                out.add(item.text());
                continue;
            }
            List<String> parts = new ArrayList<>();
            for (String s : subscripts(item.text().substring(open + 1, item.text().length() - 1))) {
                try {
                    parts.add(NumberText.plain(ScheduleExprs.value(compiled.subscript(s).orElseThrow(
                            () -> new IllegalArgumentException(s)), vars)));
                } catch (IllegalArgumentException | UserError unreadable) {
                    parts.add(s.strip()); // a section (a(1:n)) or an index lcm cannot value: compared as written
                }
            }
            out.add(item.base() + "(" + String.join(",", parts) + ")");
        }
        return out;
    }

    private static List<String> subscripts(String inside) {
        List<String> out = new ArrayList<>();
        int depth = 0;
        int from = 0;
        for (int i = 0; i < inside.length(); i++) {
            char c = inside.charAt(i);
            if (c == '(') {
                depth++;
            } else if (c == ')') {
                depth--;
            } else if (c == ',' && depth == 0) {
                out.add(inside.substring(from, i));
                from = i + 1;
            }
        }
        out.add(inside.substring(from));
        return out;
    }
}
