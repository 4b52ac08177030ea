package lcm.annotate;

import lcm.dag.Branch;
import lcm.dag.Dag;
import lcm.dag.Node;
import lcm.expr.NumberText;
import lcm.measure.Measurement;
import lcm.measure.MeasurementSet;
import lcm.source.Diagnostic;
import lcm.width.FragmentExecutions;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Branches whose composed probability the measurements contradict, each a warning at the branch:
 * a fragment under it measured as never run (0 executions in every run) while composition runs it
 * (an {@code if (debug)} taken on every pass for want of a {@code probability:}), one measured as
 * run while composition gives the branch probability 0, and one whose measured executions per run
 * are not what composition counts (by a factor 1.5 or more, in every run whose count is known).
 * Nothing is changed: the user writes the {@code probability:} (docs/annotate.md).
 */
final class BranchChecks {

    private static final double FACTOR = 1.5;

    private BranchChecks() {
    }

    /** One run's point and each fragment's measured executions in it. */
    private record Run(Map<String, Double> point, Map<String, Long> executions) {
    }

    static List<Diagnostic> of(Dag dag, MeasurementSet data) {
        List<Run> runs = runs(data);
        if (runs.isEmpty()) {
            return List.of();
        }
        Map<Map<String, Double>, Map<String, List<FragmentExecutions.Place>>> composed = new HashMap<>();
        Map<String, Diagnostic> out = new LinkedHashMap<>();
        for (Node f : dag.fragments()) {
            String tag = f.name();
            if (out.keySet().stream().anyMatch(k -> k.startsWith(tag + "\0"))) {
                continue;
            }
            long measured = 0;
            List<String> mismatches = new ArrayList<>();
            Node branch = null;
            boolean anyComposed = false;
            boolean allKnownOff = true;
            int known = 0;
            for (Run r : runs) {
                List<FragmentExecutions.Place> places = composed.computeIfAbsent(r.point(),
                        p -> FragmentExecutions.at(dag, p)).getOrDefault(tag, List.of());
                for (FragmentExecutions.Place p : places) {
                    if (p.branch().isPresent() && (branch == null || !(p.count() == 0))) {
                        branch = p.branch().get();
                    }
                    anyComposed |= !(p.count() == 0);
                }
                long m = r.executions().getOrDefault(tag, 0L);
                measured += m;
                double c = places.stream().mapToDouble(FragmentExecutions.Place::count).sum();
                if (m > 0 && Double.isFinite(c)) {
                    known++;
                    boolean off = c >= FACTOR * m || c * FACTOR <= m;
                    allKnownOff &= off;
                    mismatches.add(NumberText.counted(m, "time") + " in the run at " + NumberText.point(r.point())
                            + ", composed " + NumberText.plain(c));
                }
            }
            if (branch == null) {
                continue;
            }
            String where = "fragment '" + tag + "' (" + f.at().file().getFileName() + ":" + f.at().line() + ")";
            String message;
            if (measured == 0 && anyComposed) {
                message = where + " ran 0 times in the " + NumberText.counted(runs.size(), "run") + " measured, but "
                        + describe(branch) + "; if it never runs, write 'probability: 0' before the branch";
            } else if (measured > 0 && !anyComposed) {
                message = where + " ran " + NumberText.counted(measured, "time") + " in the "
                        + NumberText.counted(runs.size(), "run") + " measured, but " + describe(branch)
                        + ", so composition never runs it";
            } else if (known > 0 && allKnownOff) {
                message = where + " ran " + mismatches.get(0) + (known > 1 ? " (" + (known - 1) + " more runs alike)" : "")
                        + ", where " + describe(branch) + "; write the branch's 'probability:' as measured";
            } else {
                continue;
            }
            out.put(tag + "\0", Diagnostic.warning(branch.at(), message));
        }
        return List.copyOf(out.values());
    }

    /** How composition takes the branch. */
    private static String describe(Node branch) {
        String kind = branch.branch() == Branch.WEIGHTED ? "the branch here is composed with probability "
                + branch.trips().map(t -> t.text()).orElse("?")
                : branch.branch() == Branch.COSTLIER ? "this conditional is composed as its costlier branch (no 'probability:')"
                : "this 'if' is composed as taken on every pass (no 'probability:')";
        return kind;
    }

    /** The runs of lcm measure (files with run headers and {@code execs=}); empty for any other data. */
    private static List<Run> runs(MeasurementSet data) {
        Map<Integer, List<Measurement>> byRun = new TreeMap<>();
        for (Measurement m : data.measurements()) {
            if (m.run() != Measurement.OWN_RUN && m.has("execs") && !m.tag().isEmpty()) {
                byRun.computeIfAbsent(m.run(), k -> new ArrayList<>()).add(m);
            }
        }
        List<Run> out = new ArrayList<>();
        // once, not per run: each call reads every measurement's keys
        List<String> variables = data.variables();
        for (List<Measurement> ms : byRun.values()) {
            Map<String, Double> point = new TreeMap<>();
            for (String v : variables) {
                if (ms.get(0).has(v)) {
                    point.put(v, ms.get(0).values().get(v));
                }
            }
            Double procs = ms.get(0).values().get("procs");
            if (procs != null) {
                point.put("p", procs);
            }
            Map<String, Long> executions = new HashMap<>();
            ms.forEach(m -> executions.merge(m.tag(), m.executions(), Long::sum));
            out.add(new Run(point, executions));
        }
        return out;
    }
}
