package lcm.skeleton;

import lcm.expr.NumberText;
import lcm.phases.LogicalTrace;
import lcm.phases.LoopNest;
import lcm.source.Diagnostic;

import java.util.HashSet;
import java.util.Set;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * What a skeleton program runs, decided from a logical trace (Xu and Subhlok, section 4):
 * <ul>
 * <li>the loop nest of the ticks, with the top-level loops' iteration counts reduced so that
 *     the skeleton runs about {@code targetSeconds} (at least one iteration each); when that
 *     is not enough (no loops, or one iteration is already longer), every computation is
 *     scaled down by the remaining factor as well;</li>
 * <li>per tick position of the nest ({@link Slot}) and task: the computation before the event
 *     (the mean over all executions of that position), and the send or receive;</li>
 * <li>a collective operation is a barrier among the tasks that have it in the slot;</li>
 * <li>deadlock freedom: sends never block (unbounded queues), and every receive that remains
 *     must find a message sent at an earlier tick in the reduced program. The reduced program
 *     is simulated tick by tick; a receive position that would find none in some iteration is
 *     dropped (Xu and Subhlok's "local" communication), with a warning. Every remaining
 *     receive then waits only for sends of earlier ticks, which by induction on the tick all
 *     happen: the program cannot deadlock.</li>
 * </ul>
 */
public final class SkeletonPlan {

    /**
     * One event of a slot: task {@code task} computes {@code compute} seconds, then sends to or
     * receives from {@code peer}, or, when {@code collective} is not null, joins that collective
     * operation with the other tasks that have it in the slot (a barrier among them).
     */
    public record Action(int task, double compute, boolean send, int peer, String collective) {
        public Action(int task, double compute, boolean send, int peer) {
            this(task, compute, send, peer, null);
        }

        public boolean isReceive() {
            return !send && collective == null;
        }
    }

    /** A leaf of the nest: one tick position, with the actions of the tasks that have an event there. */
    public record Slot(int id, List<Action> actions) {
    }

    /** The nest with slots at its leaves and reduced counts. */
    public sealed interface Block permits SlotBlock, LoopBlock {
    }

    public record SlotBlock(Slot slot) implements Block {
    }

    public record LoopBlock(List<Block> body, int count, int measuredCount) implements Block {
        public LoopBlock {
            body = List.copyOf(body);
        }
    }

    private final List<String> tasks;
    private final List<Block> top;
    private final double[] tails;
    private final double computeScale;
    private final double measured;
    private final double estimated;
    private final boolean repeats;
    private final int dropped;
    private final List<Diagnostic> warnings;
    private final String nestText;

    private SkeletonPlan(List<String> tasks, List<Block> top, double[] tails, double computeScale, double measured,
                         double estimated, boolean repeats, int dropped, List<Diagnostic> warnings, String nestText) {
        this.tasks = List.copyOf(tasks);
        this.top = List.copyOf(top);
        this.tails = tails.clone();
        this.computeScale = computeScale;
        this.measured = measured;
        this.estimated = estimated;
        this.repeats = repeats;
        this.dropped = dropped;
        this.warnings = List.copyOf(warnings);
        this.nestText = nestText;
    }

    public List<String> tasks() {
        return tasks;
    }

    public List<Block> top() {
        return top;
    }

    public double tail(int task) {
        return tails[task] * computeScale;
    }

    /** Factor applied to every computation (1 unless loop reduction alone could not reach the target). */
    public double computeScale() {
        return computeScale;
    }

    /** The application's measured length (the trace's). */
    public double measured() {
        return measured;
    }

    /** The skeleton's expected length on the machine of the trace. */
    public double estimated() {
        return estimated;
    }

    /** Measured / estimated: the skeleton's time times this predicts the application's. */
    public double scale() {
        return estimated > 0 ? measured / estimated : 1;
    }

    public boolean repeats() {
        return repeats;
    }

    public int droppedReceives() {
        return dropped;
    }

    public List<Diagnostic> warnings() {
        return warnings;
    }

    public String nest() {
        return nestText;
    }

    public static SkeletonPlan of(LogicalTrace lt, double targetSeconds) {
        int n = lt.tasks().size();
        LoopNest nest = LoopNest.of(lt.sequence());
        double[] b = lt.boundaries();
        double measured = lt.end() - lt.start();
        List<Diagnostic> warnings = new ArrayList<>();
        // slot contents: sum of compute per (slot, task) over all executions, and counts
        Map<Integer, double[]> sums = new HashMap<>();
        Map<Integer, int[]> counts = new HashMap<>();
        Map<Integer, List<Action>> shapes = new HashMap<>();
        int[] nextSlot = {0};
        List<Block> top = new ArrayList<>();
        int position = 0;
        double fraction = measured > 0 ? Math.min(1, targetSeconds / measured) : 1;
        double estimated = 0;
        for (LoopNest.Node node : nest.top()) {
            int span = node.span();
            double time = b[position + span] - b[position];
            if (node instanceof LoopNest.Loop loop) {
                int reduced = Math.max(1, (int) Math.round(loop.count() * fraction));
                List<Block> body = blocks(loop.body(), lt, nextSlot, sums, counts, shapes);
                collect(loop.body(), position, loop.count(), loop.bodySpan(), lt, sums, counts);
                top.add(new LoopBlock(body, reduced, loop.count()));
                estimated += time * reduced / loop.count();
            } else {
                List<Block> one = blocks(List.of(node), lt, nextSlot, sums, counts, shapes);
                collect(List.of(node), position, 1, span, lt, sums, counts);
                top.addAll(one);
                estimated += time;
            }
            position += span;
        }
        double prologueEpilogue = (b.length > 1 ? 0 : measured);
        estimated += prologueEpilogue;
        double computeScale = 1;
        if (estimated > targetSeconds * 1.2 && estimated > 0) {
            computeScale = targetSeconds / estimated;
            warnings.add(Diagnostic.warning(nest.hasLoops()
                    ? "one iteration of each loop already takes " + NumberText.text(estimated)
                    + " s: computations scaled by " + NumberText.text(computeScale) + " to reach about "
                    + NumberText.text(targetSeconds) + " s"
                    : "no repetition in the logical trace: the skeleton is the flat program, its computations scaled by "
                    + NumberText.text(computeScale) + " to reach about " + NumberText.text(targetSeconds) + " s"));
            estimated *= computeScale;
        } else if (!nest.hasLoops()) {
            warnings.add(Diagnostic.warning("no repetition in the logical trace: the skeleton is the flat program"));
        }
        List<Block> finalTop = fill(top, sums, counts, shapes, computeScale);
        int[] dropped = {0};
        finalTop = deadlockFree(finalTop, n, dropped);
        if (dropped[0] > 0) {
            warnings.add(Diagnostic.warning(dropped[0] + " receive position" + (dropped[0] == 1 ? "" : "s")
                    + " would find no message sent before it in the reduced program (local communication): left out"));
        }
        double[] tails = new double[n];
        for (int t = 0; t < n; t++) {
            tails[t] = lt.tail(t);
        }
        return new SkeletonPlan(lt.tasks(), finalTop, tails, computeScale, measured, estimated, nest.hasLoops(),
                dropped[0], warnings, nest.text());
    }

    /** The blocks of nodes, assigning slot ids to leaves (actions filled in later). */
    private static List<Block> blocks(List<LoopNest.Node> nodes, LogicalTrace lt, int[] nextSlot, Map<Integer, double[]> sums,
                                      Map<Integer, int[]> counts, Map<Integer, List<Action>> shapes) {
        List<Block> out = new ArrayList<>();
        for (LoopNest.Node node : nodes) {
            if (node instanceof LoopNest.Leaf leaf) {
                int id = nextSlot[0]++;
                LogicalTrace.Tick tick = lt.ticks().get(leaf.position());
                List<Action> shape = new ArrayList<>();
                for (LogicalTrace.Event e : tick.events()) {
                    int peer = Math.floorMod(e.task() + e.peer(), lt.tasks().size());
                    shape.add(new Action(e.task(), 0, e.send(), peer, e.collective()));
                }
                shapes.put(id, shape);
                sums.put(id, new double[shape.size()]);
                counts.put(id, new int[] {0});
                out.add(new SlotBlock(new Slot(id, shape)));
            } else {
                LoopNest.Loop loop = (LoopNest.Loop) node;
                out.add(new LoopBlock(blocks(loop.body(), lt, nextSlot, sums, counts, shapes), loop.count(), loop.count()));
            }
        }
        return out;
    }

    /**
     * Adds the compute times of every execution of the nodes (which start at tick
     * {@code position} and repeat {@code times} times every {@code stride} ticks) to their slots.
     * Slot ids are visited in the order {@link #blocks} assigned them.
     */
    private static void collect(List<LoopNest.Node> nodes, int position, int times, int stride, LogicalTrace lt,
                                Map<Integer, double[]> sums, Map<Integer, int[]> counts) {
        int firstId = -1;
        for (Integer id : sums.keySet()) {
            firstId = Math.max(firstId, id);
        }
        // the slots of these nodes are the last ones assigned: count them to find the first
        int leaves = leafCount(nodes);
        int base = firstId - leaves + 1;
        for (int rep = 0; rep < times; rep++) {
            int[] slot = {base};
            walk(nodes, position + rep * stride, lt, sums, counts, slot);
        }
    }

    private static int leafCount(List<LoopNest.Node> nodes) {
        int c = 0;
        for (LoopNest.Node n : nodes) {
            c += n instanceof LoopNest.Loop l ? leafCount(l.body()) : 1;
        }
        return c;
    }

    /** Visits every execution of the nodes starting at tick {@code pos}; returns the tick after them. */
    private static int walk(List<LoopNest.Node> nodes, int pos, LogicalTrace lt, Map<Integer, double[]> sums,
                            Map<Integer, int[]> counts, int[] slot) {
        for (LoopNest.Node node : nodes) {
            if (node instanceof LoopNest.Leaf) {
                int id = slot[0]++;
                LogicalTrace.Tick tick = lt.ticks().get(pos);
                double[] s = sums.get(id);
                for (int i = 0; i < tick.events().size() && i < s.length; i++) {
                    s[i] += tick.events().get(i).computeBefore();
                }
                counts.get(id)[0]++;
                pos++;
            } else {
                LoopNest.Loop loop = (LoopNest.Loop) node;
                int firstSlot = slot[0];
                for (int r = 0; r < loop.count(); r++) {
                    slot[0] = firstSlot;
                    pos = walk(loop.body(), pos, lt, sums, counts, slot);
                }
            }
        }
        return pos;
    }

    private static List<Block> fill(List<Block> blocks, Map<Integer, double[]> sums, Map<Integer, int[]> counts,
                                    Map<Integer, List<Action>> shapes, double scale) {
        List<Block> out = new ArrayList<>();
        for (Block b : blocks) {
            if (b instanceof SlotBlock sb) {
                int id = sb.slot().id();
                List<Action> shape = shapes.get(id);
                double[] s = sums.get(id);
                int c = Math.max(1, counts.get(id)[0]);
                List<Action> acts = new ArrayList<>();
                for (int i = 0; i < shape.size(); i++) {
                    Action a = shape.get(i);
                    acts.add(new Action(a.task(), s[i] / c * scale, a.send(), a.peer(), a.collective()));
                }
                out.add(new SlotBlock(new Slot(id, acts)));
            } else {
                LoopBlock lb = (LoopBlock) b;
                out.add(new LoopBlock(fill(lb.body(), sums, counts, shapes, scale), lb.count(), lb.measuredCount()));
            }
        }
        return out;
    }

    /** Simulates the reduced program tick by tick; drops receive positions that could lack a message. */
    private static List<Block> deadlockFree(List<Block> top, int n, int[] dropped) {
        Set<String> bad = new HashSet<>();
        long[][] sent = new long[n][n];
        long[][] taken = new long[n][n];
        simulate(top, sent, taken, bad);
        if (bad.isEmpty()) {
            return top;
        }
        dropped[0] = bad.size();
        return without(top, bad);
    }

    private static void simulate(List<Block> blocks, long[][] sent, long[][] taken, Set<String> bad) {
        for (Block b : blocks) {
            if (b instanceof SlotBlock sb) {
                for (Action a : sb.slot().actions()) {
                    if (a.isReceive()) {
                        String key = sb.slot().id() + ":" + a.task();
                        if (bad.contains(key)) {
                            continue;
                        }
                        if (sent[a.peer()][a.task()] > taken[a.peer()][a.task()]) {
                            taken[a.peer()][a.task()]++;
                        } else {
                            bad.add(key);
                        }
                    }
                }
                for (Action a : sb.slot().actions()) {
                    if (a.send()) {
                        sent[a.task()][a.peer()]++;
                    }
                }
            } else {
                LoopBlock lb = (LoopBlock) b;
                for (int i = 0; i < lb.count(); i++) {
                    simulate(lb.body(), sent, taken, bad);
                }
            }
        }
    }

    private static List<Block> without(List<Block> blocks, Set<String> bad) {
        List<Block> out = new ArrayList<>();
        for (Block b : blocks) {
            if (b instanceof SlotBlock sb) {
                List<Action> acts = new ArrayList<>();
                for (Action a : sb.slot().actions()) {
                    if (!a.send() && bad.contains(sb.slot().id() + ":" + a.task())) {
                        // keep its computation, drop the receive: a send to itself would be wrong, so mark peer -1
                        acts.add(new Action(a.task(), a.compute(), false, -1));
                    } else {
                        acts.add(a);
                    }
                }
                out.add(new SlotBlock(new Slot(sb.slot().id(), acts)));
            } else {
                LoopBlock lb = (LoopBlock) b;
                out.add(new LoopBlock(without(lb.body(), bad), lb.count(), lb.measuredCount()));
            }
        }
        return out;
    }
}
