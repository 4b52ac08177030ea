package lcm.phases;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * PAS2P's phases of a logical trace and the prediction from them. The loop nest of the tick
 * symbols is found ({@link LoopNest}); each top-level loop body is a phase and its number of
 * executions its weight; bodies with the same structure are one phase (weights add up); the
 * ticks outside loops are searched for sequences that occur again later (PAS2P's repeated
 * phases need not be adjacent), the rest are one-off phases of weight 1. The prediction is PAS2P's: the sum over
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
                flushSingles(singles, lt, b, acc, executions);
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
        flushSingles(singles, lt, b, acc, executions);
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

    /**
     * A run of ticks outside loops. PAS2P's phases need not follow each other: a sequence of
     * ticks that occurs again later in the run (not adjacent, so not a loop) is one phase with
     * a weight of its occurrences. The longest such sequence (at least 2 ticks) is taken first,
     * then the same in the stretches between its occurrences; what is left are one-off phases of
     * weight 1 (their measured time is their prediction). Runs longer than
     * {@value #MAX_SEARCH} ticks are not searched (one-off).
     */
    private static void flushSingles(List<Integer> singles, LogicalTrace lt, double[] b, Map<String, double[]> acc,
                                     Map<String, List<Double>> executions) {
        if (singles.isEmpty()) {
            return;
        }
        int from = singles.get(0);
        int to = singles.get(singles.size() - 1) + 1;
        singles.clear();
        int[] seq = lt.sequence();
        List<int[]> pieces = new ArrayList<>(); // {start, length, repeated 0/1}
        if (to - from <= MAX_SEARCH) {
            repeats(seq, from, to, pieces);
        } else {
            pieces.add(new int[] {from, to - from, 0});
        }
        pieces.sort(java.util.Comparator.comparingInt(x -> x[0]));
        for (int[] piece : pieces) {
            int start = piece[0];
            int end = start + piece[1];
            double t = b[end] - b[start];
            StringBuilder key = new StringBuilder(piece[2] == 1 ? "" : "once@" + start + ":");
            for (int i = start; i < end; i++) {
                key.append(" s").append(seq[i]);
            }
            String k = piece[2] == 1 ? key.toString().trim() : key.toString();
            if (piece[2] == 1) {
                executions.computeIfAbsent(k, x -> new ArrayList<>()).add(t);
            }
            add(acc, k, end - start, 1, t, t, start);
        }
    }

    static final int MAX_SEARCH = 400;

    /** Splits ticks [from, to) into occurrences of repeated sequences and one-off stretches. */
    private static void repeats(int[] seq, int from, int to, List<int[]> out) {
        for (int len = (to - from) / 2; len >= 2; len--) {
            for (int i = from; i + 2 * len <= to; i++) {
                List<Integer> at = occurrences(seq, i, len, to);
                if (at.size() >= 2) {
                    int cursor = from;
                    for (int p : at) {
                        if (p > cursor) {
                            repeats(seq, cursor, p, out);
                        }
                        out.add(new int[] {p, len, 1});
                        cursor = p + len;
                    }
                    if (cursor < to) {
                        repeats(seq, cursor, to, out);
                    }
                    return;
                }
            }
        }
        if (to > from) {
            out.add(new int[] {from, to - from, 0});
        }
    }

    /** Non-overlapping occurrences of seq[i, i+len) from i on, left to right, before {@code to}. */
    private static List<Integer> occurrences(int[] seq, int i, int len, int to) {
        List<Integer> at = new ArrayList<>();
        at.add(i);
        for (int p = i + len; p + len <= to; ) {
            if (java.util.Arrays.equals(seq, p, p + len, seq, i, i + len)) {
                at.add(p);
                p += len;
            } else {
                p++;
            }
        }
        return at;
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
