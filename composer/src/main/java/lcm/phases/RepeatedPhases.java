package lcm.phases;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * PAS2P's phases of a logical trace and the prediction from them. The loop nest of the tick
 * symbols is found ({@link LoopNest}); each top-level loop body is a phase and its number of
 * executions its weight; bodies with the same structure are one phase (weights add up); the
 * ticks outside loops are one-off phases of weight 1. The prediction is PAS2P's: the sum over
 * phases of (time of one execution of the phase) x (weight). PAS2P measures one execution of
 * each phase after warm-up; here the time of one execution is the mean over the phase's
 * executions after its first (the steady state: the first also carries the run's start-up,
 * tasks starting at different times, cold caches; a single execution of a few milliseconds on
 * a shared machine is too noisy). The measured length is the trace's end minus its start.
 */
public record RepeatedPhases(LoopNest nest, List<RepeatedPhase> phases, double measured, double predicted) {

    /**
     * @param ticks       ticks one execution runs
     * @param weight      executions in the run (PAS2P's weight)
     * @param firstTime   seconds of one execution: the mean over its executions after the first
     * @param totalTime   seconds of all its executions, measured
     * @param firstTick   the tick its first execution starts at
     */
    public record RepeatedPhase(int id, String structure, int ticks, int weight, double firstTime, double totalTime,
                                int firstTick) {

        public double predicted() {
            return firstTime * weight;
        }
    }

    public RepeatedPhases {
        phases = List.copyOf(phases);
    }

    /** Relative error of the prediction against the measured length. */
    public double error() {
        return measured == 0 ? 0 : (predicted - measured) / measured;
    }

    public static RepeatedPhases of(LogicalTrace lt) {
        LoopNest nest = LoopNest.of(lt.sequence());
        double[] b = lt.boundaries();
        Map<String, double[]> acc = new LinkedHashMap<>(); // structure -> [ticks, weight, one, total, firstTick]
        Map<String, List<Double>> executions = new LinkedHashMap<>();
        int position = 0;
        List<Integer> singles = new ArrayList<>();
        for (LoopNest.Node node : nest.top()) {
            if (node instanceof LoopNest.Loop loop) {
                flushSingles(singles, lt, b, acc);
                int body = loop.bodySpan();
                String key = structure(loop.body());
                double total = b[position + loop.span()] - b[position];
                List<Double> times = executions.computeIfAbsent(key, k -> new ArrayList<>());
                for (int j = 0; j < loop.count(); j++) {
                    times.add(b[position + (j + 1) * body] - b[position + j * body]);
                }
                add(acc, key, body, loop.count(), 0, total, position);
            } else {
                singles.add(position);
            }
            position += node.span();
        }
        flushSingles(singles, lt, b, acc);
        List<RepeatedPhase> phases = new ArrayList<>();
        double predicted = 0;
        int id = 1;
        for (Map.Entry<String, double[]> e : acc.entrySet()) {
            double[] v = e.getValue();
            List<Double> times = executions.get(e.getKey());
            if (times != null) {
                v[2] = steady(times);
            }
            RepeatedPhase p = new RepeatedPhase(id++, e.getKey(), (int) v[0], (int) v[1], v[2], v[3], (int) v[4]);
            phases.add(p);
            predicted += p.predicted();
        }
        if (lt.ticks().isEmpty()) {
            predicted = lt.end() - lt.start();
        }
        return new RepeatedPhases(nest, phases, lt.end() - lt.start(), predicted);
    }

    /** A run of ticks outside loops: one phase of weight 1 (its measured time is its prediction). */
    private static void flushSingles(List<Integer> singles, LogicalTrace lt, double[] b, Map<String, double[]> acc) {
        if (singles.isEmpty()) {
            return;
        }
        int from = singles.get(0);
        int to = singles.get(singles.size() - 1) + 1;
        StringBuilder key = new StringBuilder("once@").append(from).append(':');
        for (int i = from; i < to; i++) {
            key.append(" s").append(lt.ticks().get(i).symbol());
        }
        double t = b[to] - b[from];
        add(acc, key.toString(), to - from, 1, t, t, from);
        singles.clear();
    }

    private static void add(Map<String, double[]> acc, String key, int ticks, int weight, double first, double total,
                            int firstTick) {
        double[] v = acc.get(key);
        if (v == null) {
            acc.put(key, new double[] {ticks, weight, first, total, firstTick});
        } else {
            v[1] += weight;
            v[3] += total;
        }
    }

    /** Mean of the executions after the first (all of them if there is only one). */
    static double steady(List<Double> times) {
        if (times.size() == 1) {
            return times.get(0);
        }
        double s = 0;
        for (int i = 1; i < times.size(); i++) {
            s += times.get(i);
        }
        return s / (times.size() - 1);
    }

    private static String structure(List<LoopNest.Node> body) {
        StringBuilder sb = new StringBuilder();
        for (LoopNest.Node n : body) {
            if (n instanceof LoopNest.Leaf l) {
                sb.append(" s").append(l.symbol());
            } else {
                LoopNest.Loop loop = (LoopNest.Loop) n;
                sb.append(" (").append(structure(loop.body()).trim()).append(")^").append(loop.count());
            }
        }
        return sb.toString().trim();
    }
}
