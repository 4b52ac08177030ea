package lcm.compose;

import lcm.annotation.Category;
import lcm.source.UserError;

import java.util.ArrayList;
import java.util.List;
import java.util.function.DoubleFunction;

/**
 * Runs the schedule of tasks in a fork/join pool (docs/composition.md, "Execution models"): the
 * pool's threads serve the parallel loops that are ready, a task blocked in a join holds its
 * thread and runs nothing, and the caller that waits for the tasks helps nobody. It is a fluid
 * schedule: between two events (a unit of work ends, a join is released) the threads are shared
 * out the same way, and each running parallel loop advances at the rate its own model gives for
 * the processors it holds.
 *
 * <p>Threads. A task runs on one thread: a pool worker, or in JDK 17's common pool of parallelism 1
 * (p &lt;= 2) a thread of its own ({@code CompletableFuture}'s thread per task). Workers hosting no
 * task steal the chunks of running loops, shared equally among them; a task's own thread runs its
 * loop's chunks, and its serial code. Where more threads are busy than there are processors, each
 * runs on processors/busy of one (time-slicing).
 *
 * <p>Lost cycles, charged as lcm's probe charges them: a loop's processor time splits into its
 * model's categories at the width it holds; serial code's into its categories at p = 1; an idle
 * processor is SL for a thread blocked in a join (as far as the idle processors go), LI while a
 * loop still has parallel work, IP while none has. The categories sum to p times the makespan.
 */
public final class PoolSchedule {

    /** How the pool gives threads: {@code workers} pool threads; with {@code threadPerTask} each task has its own too. */
    public record Pool(int workers, boolean threadPerTask) {
        public Pool {
            if (workers < 1) {
                throw new IllegalArgumentException("a pool has at least one worker: " + workers);
            }
        }

        /**
         * JDK 17's common pool on {@code processors} processors: parallelism p - 1, at least 1; at
         * parallelism 1 {@code CompletableFuture.*Async} starts a thread per task.
         */
        public static Pool common(double processors) {
            int workers = Math.max(1, (int) Math.round(processors) - 1);
            return new Pool(workers, workers == 1);
        }
    }

    /**
     * One unit of work of a task, in order: a parallel loop (its categories at a width, in
     * processor-seconds) or serial code (its categories at p = 1), and the units of other tasks it
     * waits for first ({@code after}: pairs of task and unit index).
     */
    public record Unit(String label, boolean parallel, DoubleFunction<double[]> categories, List<int[]> after) {
        public Unit {
            after = List.copyOf(after);
        }

        /** The unit's time on {@code width} processors: its categories' sum over the width (1 for serial code). */
        double time(double width) {
            double sum = 0;
            for (double c : categories.apply(parallel ? width : 1)) {
                sum += c;
            }
            return parallel ? sum / width : sum;
        }
    }

    /** A unit as it ran: when, and the mean processors it held (its processor time over its duration). */
    public record Ran(int task, String label, double start, double end, double meanWidth) {
    }

    /** The schedule's makespan, its lost cycles per category (indexed by {@link Category#ordinal()}) and each unit's run. */
    public record Result(double makespan, double[] categories, List<Ran> units) {
        public double category(Category c) {
            return categories[c.ordinal()];
        }
    }

    private static final double EPS = 1e-12;

    private PoolSchedule() {
    }

    /**
     * The schedule of {@code tasks} (each a list of units, run in order) on {@code processors}
     * processors in {@code pool}. A wait on a unit that cannot run (the tasks wait for each other) is
     * an error naming the units.
     */
    public static Result run(double processors, Pool pool, List<List<Unit>> tasks, String node) {
        int t = tasks.size();
        int[] next = new int[t];               // index of the unit a task runs or waits for
        double[] left = new double[t];         // fraction of the current unit still to do
        boolean[] started = new boolean[t];    // the task has a thread
        boolean[][] done = new boolean[t][];
        double[] unitStart = new double[t];
        double[] unitProcessorTime = new double[t];
        for (int i = 0; i < t; i++) {
            done[i] = new boolean[tasks.get(i).size()];
            left[i] = 1;
        }
        double[] cats = new double[Category.values().length];
        List<Ran> ran = new ArrayList<>();
        double now = 0;
        int finished = 0;
        for (int i = 0; i < t; i++) {
            if (tasks.get(i).isEmpty()) {
                finished++;
            }
        }
        while (finished < t) {
            // who has a thread: tasks start in order while workers are free (each task its own thread where the pool makes one)
            int hosting = 0;
            for (int i = 0; i < t; i++) {
                if (started[i] && next[i] < tasks.get(i).size()) {
                    hosting++;
                }
            }
            for (int i = 0; i < t; i++) {
                if (!started[i] && (pool.threadPerTask() || hosting < pool.workers())) {
                    started[i] = true;
                    unitStart[i] = now;
                    hosting++;
                }
            }
            // the state of each task now
            List<Integer> loops = new ArrayList<>();
            List<Integer> serial = new ArrayList<>();
            int waiting = 0;
            for (int i = 0; i < t; i++) {
                if (!started[i] || next[i] >= tasks.get(i).size()) {
                    continue;
                }
                Unit u = tasks.get(i).get(next[i]);
                if (!ready(u, done)) {
                    waiting++;
                } else if (u.parallel()) {
                    loops.add(i);
                } else {
                    serial.add(i);
                }
            }
            if (loops.isEmpty() && serial.isEmpty()) {
                throw UserError.of("the tasks of " + node + " wait for each other: " + blocked(tasks, next, started)
                        + " (their input: and output: annotations make each wait for the other)");
            }
            // threads: each task its own; free workers steal chunks of the running loops
            int free = pool.threadPerTask() ? pool.workers() : Math.max(0, pool.workers() - hosting);
            double steal = loops.isEmpty() ? 0 : (double) free / loops.size();
            double busy = serial.size() + loops.size() * (1 + steal);
            double slice = busy > processors ? processors / busy : 1;
            double[] width = new double[t];
            double dt = Double.POSITIVE_INFINITY;
            for (int i : loops) {
                width[i] = (1 + steal) * slice;
                dt = Math.min(dt, left[i] * tasks.get(i).get(next[i]).time(width[i]));
            }
            for (int i : serial) {
                width[i] = slice;
                dt = Math.min(dt, left[i] * tasks.get(i).get(next[i]).time(1) / slice);
            }
            if (!(dt >= 0) || Double.isInfinite(dt)) {
                throw UserError.of("the pool schedule of " + node + " has a unit of no finite time at this point ("
                        + "its model is not finite there)");
            }
            // lost cycles of the interval
            double used = 0;
            for (int i : loops) {
                charge(tasks.get(i).get(next[i]), width[i], width[i] * dt, cats);
                used += width[i];
            }
            for (int i : serial) {
                charge(tasks.get(i).get(next[i]), 1, slice * dt, cats);
                used += slice;
            }
            double idle = Math.max(0, processors - used) * dt;
            double sl = Math.min(idle, waiting * dt);
            cats[Category.SL.ordinal()] += sl;
            cats[(loops.isEmpty() ? Category.IP : Category.LI).ordinal()] += idle - sl;
            now += dt;
            // progress, and the units that end
            for (int i : loops) {
                unitProcessorTime[i] += width[i] * dt;
                double time = tasks.get(i).get(next[i]).time(width[i]);
                left[i] = time > 0 ? left[i] - dt / time : 0;
            }
            for (int i : serial) {
                unitProcessorTime[i] += slice * dt;
                double time = tasks.get(i).get(next[i]).time(1);
                left[i] = time > 0 ? left[i] - dt * slice / time : 0;
            }
            for (int i = 0; i < t; i++) {
                if ((loops.contains(i) || serial.contains(i)) && left[i] <= EPS) {
                    Unit u = tasks.get(i).get(next[i]);
                    double length = now - unitStart[i];
                    ran.add(new Ran(i, u.label(), unitStart[i], now, length > 0 ? unitProcessorTime[i] / length : 0));
                    done[i][next[i]] = true;
                    next[i]++;
                    left[i] = 1;
                    unitStart[i] = now;
                    unitProcessorTime[i] = 0;
                    if (next[i] == tasks.get(i).size()) {
                        finished++;
                    }
                }
            }
            // a task released from a wait starts its unit now
            for (int i = 0; i < t; i++) {
                if (started[i] && next[i] < tasks.get(i).size() && !ready(tasks.get(i).get(next[i]), done)) {
                    unitStart[i] = now;
                }
            }
        }
        return new Result(now, cats, ran);
    }

    /** Charges {@code processorTime} of unit {@code u} at {@code width} to its categories in proportion. */
    private static void charge(Unit u, double width, double processorTime, double[] cats) {
        double[] c = u.categories().apply(width);
        double sum = 0;
        for (double x : c) {
            sum += x;
        }
        if (sum > 0) {
            for (int k = 0; k < c.length; k++) {
                cats[k] += processorTime * c[k] / sum;
            }
        } else {
            cats[Category.PC.ordinal()] += processorTime;
        }
    }

    private static boolean ready(Unit u, boolean[][] done) {
        for (int[] a : u.after()) {
            if (!done[a[0]][a[1]]) {
                return false;
            }
        }
        return true;
    }

    private static String blocked(List<List<Unit>> tasks, int[] next, boolean[] started) {
        List<String> out = new ArrayList<>();
        for (int i = 0; i < tasks.size(); i++) {
            if (started[i] && next[i] < tasks.get(i).size()) {
                Unit u = tasks.get(i).get(next[i]);
                for (int[] a : u.after()) {
                    out.add(u.label() + " (task " + (i + 1) + ") waits for " + tasks.get(a[0]).get(a[1]).label()
                            + " (task " + (a[0] + 1) + ")");
                }
            }
        }
        return String.join("; ", out);
    }
}
