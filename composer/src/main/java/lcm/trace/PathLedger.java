package lcm.trace;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The engine's accounts for the critical-path report. Per task: the work done since the path
 * last entered it, by label (what a hop leaving the task carries along), the total work by
 * label, and the time spent blocked. Memory is per task and per label, never per event.
 * Labels are the fragment or state names of the work, each with its {@link StateCategory}.
 */
final class PathLedger {

    private final int n;
    private final Map<String, int[]> ids = new HashMap<>();
    private final List<String> labelNames = new ArrayList<>();
    private final List<StateCategory> labelCategories = new ArrayList<>();
    private final double[][] segment;
    private final int[][] touched;
    private final int[] touchedCount;
    private final double[][] total;
    private final double[] blocked;
    /** Per task, its last snapshot while the work since the path entered it has not changed, else null. */
    private final Segment[] snapshots;

    PathLedger(int tasks) {
        this.n = tasks;
        segment = new double[tasks][4];
        touched = new int[tasks][4];
        touchedCount = new int[tasks];
        total = new double[tasks][4];
        blocked = new double[tasks];
        snapshots = new Segment[tasks];
        lastFragment = new String[tasks];
        lastIds = new int[tasks][];
    }

    /** Per task, the fragment text of its last label and that fragment's ids by step kind (tasks alternate in the engine). */
    private final String[] lastFragment;
    private final int[][] lastIds;

    /** The label id of {@code s}'s work, a step of task {@code t} (by fragment and step kind; cached per task). */
    int label(int t, Step s) {
        int[] byKind;
        if (s.fragment() == lastFragment[t]) {
            byKind = lastIds[t];
        } else {
            byKind = ids.get(s.fragment());
            if (byKind == null) {
                byKind = new int[Step.Kind.values().length];
                Arrays.fill(byKind, -1);
                ids.put(s.fragment(), byKind);
            }
            lastFragment[t] = s.fragment();
            lastIds[t] = byKind;
        }
        int id = byKind[s.kind().ordinal()];
        if (id < 0) {
            StateCategory c = StateCategory.of(s);
            id = -1;
            for (int i = 0; i < labelNames.size(); i++) {
                if (labelNames.get(i).equals(s.fragment()) && labelCategories.get(i) == c) {
                    id = i;
                }
            }
            if (id < 0) {
                id = labelNames.size();
                labelNames.add(s.fragment());
                labelCategories.add(c);
            }
            byKind[s.kind().ordinal()] = id;
        }
        return id;
    }

    /** Task {@code t} worked {@code seconds} on label {@code id}; {@code onChain}: as part of the path into its next event. */
    void work(int t, int id, double seconds, boolean onChain) {
        if (seconds == 0) {
            return;
        }
        if (id >= total[t].length) {
            total[t] = Arrays.copyOf(total[t], Math.max(id + 1, 2 * total[t].length));
        }
        total[t][id] += seconds;
        if (!onChain) {
            return;
        }
        snapshots[t] = null;
        double[] seg = segment[t];
        if (id >= seg.length) {
            seg = segment[t] = Arrays.copyOf(seg, Math.max(id + 1, 2 * seg.length));
        }
        if (seg[id] == 0) {
            if (touchedCount[t] == touched[t].length) {
                touched[t] = Arrays.copyOf(touched[t], 2 * touched[t].length);
            }
            touched[t][touchedCount[t]++] = id;
        }
        seg[id] += seconds;
    }

    void blocked(int t, double seconds) {
        blocked[t] += seconds;
    }

    /** The work of task {@code t} since the path entered it. */
    Segment snapshot(int t) {
        int k = touchedCount[t];
        if (k == 0) {
            return Segment.EMPTY;
        }
        if (snapshots[t] != null) {
            return snapshots[t]; // segments are never changed once made: two posts in a row share one
        }
        int[] labels = Arrays.copyOf(touched[t], k);
        double[] seconds = new double[k];
        for (int i = 0; i < k; i++) {
            seconds[i] = segment[t][labels[i]];
        }
        return snapshots[t] = new Segment(labels, seconds);
    }

    /** The path enters task {@code t} anew: what it did before is off this path. */
    void restart(int t) {
        snapshots[t] = null;
        for (int i = 0; i < touchedCount[t]; i++) {
            segment[t][touched[t][i]] = 0;
        }
        touchedCount[t] = 0;
    }

    private final Map<Long, Double> contributions = new HashMap<>();

    /** A stretch of task {@code t}'s work is on the critical path. */
    void onPath(int t, Segment s) {
        for (int i = 0; i < s.labels().length; i++) {
            contributions.merge((long) t << 32 | s.labels()[i], s.seconds()[i], Double::sum);
        }
    }

    /**
     * The report, from the stretches given to {@link #onPath}.
     *
     * @param names  task names
     * @param spans  per task, end minus start
     */
    PathSummary summary(String[] names, double[] spans) {
        int labels = labelNames.size();
        double[] onTask = new double[n];
        double[] onCategory = new double[StateCategory.values().length];
        double[] totalCategory = new double[StateCategory.values().length];
        contributions.forEach((key, seconds) -> {
            onTask[(int) (key >>> 32)] += seconds;
            onCategory[labelCategories.get((int) (key & 0xFFFFFFFFL)).ordinal()] += seconds;
        });
        for (int t = 0; t < n; t++) {
            for (int id = 0; id < Math.min(labels, total[t].length); id++) {
                totalCategory[labelCategories.get(id).ordinal()] += total[t][id];
            }
            totalCategory[StateCategory.WAIT.ordinal()] += blocked[t];
        }
        List<PathSummary.Row> byTask = new ArrayList<>();
        for (int t = 0; t < n; t++) {
            byTask.add(new PathSummary.Row(names[t], onTask[t], Math.max(0, spans[t] - onTask[t])));
        }
        List<PathSummary.Row> byState = new ArrayList<>();
        for (StateCategory c : StateCategory.values()) {
            byState.add(new PathSummary.Row(c.word(), onCategory[c.ordinal()],
                    Math.max(0, totalCategory[c.ordinal()] - onCategory[c.ordinal()])));
        }
        List<PathSummary.Contributor> top = new ArrayList<>();
        contributions.forEach((key, seconds) -> {
            int t = (int) (key >>> 32);
            int id = (int) (key & 0xFFFFFFFFL);
            top.add(new PathSummary.Contributor(names[t], labelNames.get(id), labelCategories.get(id), seconds));
        });
        top.sort(Comparator.comparingDouble(PathSummary.Contributor::seconds).reversed()
                .thenComparing(PathSummary.Contributor::task).thenComparing(PathSummary.Contributor::label));
        return new PathSummary(byTask, byState, top.subList(0, Math.min(top.size(), PathSummary.TOP)));
    }
}
