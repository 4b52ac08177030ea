package lcm.compose;

import lcm.annotation.Annotation;
import lcm.expr.Evaluator;
import lcm.expr.Expr;
import lcm.expr.NumberText;
import lcm.source.SourceLocation;
import lcm.source.UserError;
import lcm.trace.CriticalPath;
import lcm.trace.EventSink;
import lcm.trace.PathEvent;
import lcm.trace.Step;
import lcm.trace.TaskProgram;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * A parallel node whose tasks synchronize ({@code sync: post}/{@code wait}): it has no closed
 * form (docs/composition.md#5-synchronization). In the composed model its time and the lost cycles its synchronization
 * causes appear as the variables {@code time}, {@code sl}, {@code li} and {@code ip}; at each
 * evaluated point the tasks are unrolled (loops run with their trip counts at the point, rounded,
 * and their index variables counting 1, 2, ...) and the critical-path engine gives them values:
 * the time is the length of the critical path; while a task of p_t processors waits at a
 * {@code wait} event its main thread's wait is SL (one processor) and its other p_t - 1
 * processors idle without work, IP (thesis 5.3.2); LI = sum of p_t times the time a task idled
 * at the end.
 */
public record CriticalPathNode(String node, SourceLocation at, String time, String sl, String li, String ip,
                               List<SyncTemplate.Task> tasks) implements SyncNode {

    public CriticalPathNode {
        tasks = List.copyOf(tasks);
    }

    @Override
    public String explanation() {
        return "parallel node " + node + " (" + at + ") synchronizes its tasks: it has no closed form.\n  " + time
                + " is its time, the critical path; " + sl + " and " + ip
                + " the lost cycles of its waits (the waiting main thread; the task's other processors),\n  "
                + li + " those of its tasks' idle ends: computed at each point (--at).";
    }

    @Override
    public String atPoint(Evaluation e) {
        return "critical path of " + node + ": " + NumberText.plain(e.time()) + " s (" + sl + " = "
                + NumberText.plain(e.sl()) + ", " + ip + " = " + NumberText.plain(e.ip()) + ", " + li
                + " = " + NumberText.plain(e.li()) + ")";
    }

    @Override
    public String warning() {
        return "parallel node " + node + " synchronizes its tasks: no closed form; " + time + ", " + sl + ", " + li
                + " and " + ip + " are computed per point from the critical path";
    }

    /** Unrolls the tasks at {@code point} (which holds values of earlier sync nodes too) and runs the engine. */
    @Override
    public Evaluation evaluate(Map<String, Double> point) {
        List<TaskProgram> programs = new ArrayList<>();
        double[] processors = new double[tasks.size()];
        double[] work = new double[tasks.size()];
        for (int t = 0; t < tasks.size(); t++) {
            SyncTemplate.Task task = tasks.get(t);
            processors[t] = Evaluator.eval(task.processors(), point);
            TaskProgram.Builder b = TaskProgram.named(task.name());
            work[t] = unroll(task.body(), new HashMap<>(point), b);
            programs.add(b.build());
        }
        double[] waited = new double[tasks.size()];
        double[] end = new double[tasks.size()];
        CriticalPath.Result r = CriticalPath.of(programs, new EventSink() {
            @Override
            public void event(int task, Step step, double workStart, double time) {
                waited[task] += Math.max(0, time - (workStart + step.work()));
                end[task] = Math.max(end[task], time);
            }
        });
        double sl = 0;
        double li = 0;
        double ip = 0;
        for (int t = 0; t < tasks.size(); t++) {
            sl += Math.min(1, processors[t]) * waited[t];
            ip += Math.max(0, processors[t] - 1) * waited[t];
            li += processors[t] * (r.length() - end[t]);
        }
        List<String> warnings = new ArrayList<>();
        r.warnings().forEach(d -> warnings.add(d.headline()));
        return new Evaluation(r.length(), sl, li, ip, r.path(), warnings, Map.of());
    }

    /** Appends a task's steps; returns its total work (seconds of computation). */
    private double unroll(List<SyncTemplate> items, Map<String, Double> vars, TaskProgram.Builder b) {
        double work = 0;
        for (SyncTemplate item : items) {
            if (item instanceof SyncTemplate.Work w) {
                double s = Evaluator.eval(w.seconds(), vars);
                if (s > 0) {
                    b.compute(s, w.label());
                    work += s;
                }
            } else if (item instanceof SyncTemplate.Event e) {
                String key = key(e, vars);
                Step step = e.sync().kind() == Annotation.SyncKind.POST ? Step.post(key) : Step.waitFor(key);
                b.step(step.at(e.at()));
            } else if (item instanceof SyncTemplate.Repeat r) {
                long trips = Math.round(Evaluator.eval(r.trips(), vars));
                Double outer = vars.get(r.variable());
                for (long i = 1; i <= trips; i++) {
                    if (!r.variable().isEmpty()) {
                        vars.put(r.variable(), (double) i);
                    }
                    work += unroll(r.body(), vars, b);
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
        return work;
    }

    /** "ready(3)": the event's name and its index evaluated where it happens. */
    private static String key(SyncTemplate.Event e, Map<String, Double> vars) {
        if (e.sync().index().isEmpty()) {
            return e.sync().name();
        }
        List<String> parts = new ArrayList<>();
        for (Expr x : e.sync().index()) {
            try {
                double v = Evaluator.eval(x, vars);
                parts.add(v == Math.rint(v) ? Long.toString((long) v) : Double.toString(v));
            } catch (IllegalArgumentException unknown) {
                throw UserError.at(e.at(), "the index of '" + e.sync().label() + "' uses a variable with no value here: "
                        + unknown.getMessage().replace("no value for ", "") + " (an index may use the loops around it)");
            }
        }
        return e.sync().name() + "(" + String.join(",", parts) + ")";
    }
}
