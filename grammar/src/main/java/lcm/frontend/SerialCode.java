package lcm.frontend;

import lcm.dag.Dag;
import lcm.dag.Execution;
import lcm.dag.ImplicitFragments;
import lcm.dag.Node;
import lcm.source.SourceLocation;
import lcm.structure.Construct;
import lcm.structure.ParallelReach;
import lcm.structure.Routine;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Which fragments are serial code (docs/composition.md, "Execution width"): a fragment that
 * holds no parallel construct (parallel loop, sections, team region), directly or through the
 * routines it calls, runs on one processor while the rest of its node's processors idle; one
 * written directly in a team region, or in a routine called there (outside worksharing, at any
 * depth of calls), runs on every thread of the team. A fragment that holds a
 * parallel construct runs on its node's processors. Fragments are known by where they start;
 * where the sources mark none, the implicit ones ({@link ImplicitFragments}) are judged the same
 * way ({@link #implicit}).
 */
final class SerialCode {

    private final Map<String, Routine> routines;
    /** By the names calls use, Java's {@code Class.method} too ({@link lcm.structure.RoutineIndex}). */
    private final Map<String, Routine> lookup;
    private final Map<SourceLocation, Boolean> parallelAt = new HashMap<>();
    private final Set<SourceLocation> replicatedAt = new HashSet<>();
    private final Set<String> calledInRegion = new HashSet<>();

    /** {@code routines}: every routine of the program, by name; {@code lookup}: by the names calls use. */
    SerialCode(Map<String, Routine> routines, Map<String, Routine> lookup) {
        this.routines = routines;
        this.lookup = lookup;
        for (Routine r : routines.values()) {
            callsInRegion(r.body(), false);
        }
        // a routine the team runs runs the routines it calls outside worksharing on the team too
        Deque<String> next = new ArrayDeque<>(calledInRegion);
        while (!next.isEmpty()) {
            Routine r = routines.get(next.pop());
            Set<String> known = Set.copyOf(calledInRegion);
            if (r != null) {
                callsInRegion(r.body(), true);
            }
            calledInRegion.stream().filter(name -> !known.contains(name)).forEach(next::push);
        }
        for (Routine r : routines.values()) {
            if (r.attached().hasModel()) {
                parallelAt.put(r.span().start(), holdsParallel(r.body(), new HashSet<>(List.of(r.name()))));
                if (calledInRegion.contains(r.name())) {
                    replicatedAt.add(r.span().start());
                }
            }
            index(r.body(), teamRuns(r));
        }
    }

    /**
     * Whether the team runs the routine's own code: it is called directly in a team region, or
     * in the own code of a routine the team runs (NPB CG's makea calls sprnvc, vecset and sparse,
     * whose serial code every thread runs on its own part).
     */
    private boolean teamRuns(Routine r) {
        return calledInRegion.contains(r.name());
    }

    /**
     * The routines called directly in a team region (outside its worksharing constructs,
     * {@code single} and {@code master}): every thread of the team runs such a call, each on its own
     * part (NPB CG's makea by omp_get_thread_num), so a routine of serial code called there is
     * replicated code like the region's own.
     */
    private void callsInRegion(List<Construct> body, boolean inRegion) {
        for (Construct c : body) {
            if (inRegion && c instanceof Construct.Call call) {
                Routine r = lookup.get(call.callee());
                if (r != null) {
                    calledInRegion.add(r.name());
                }
            }
            for (List<Construct> b : c.bodies()) {
                callsInRegion(b, inner(c, inRegion));
            }
        }
    }

    /** How the fragment that starts at {@code at} runs. */
    Execution of(SourceLocation at) {
        Boolean parallel = parallelAt.get(at);
        if (parallel == null || parallel) {
            return Execution.PARALLEL;
        }
        return replicatedAt.contains(at) ? Execution.REPLICATED : Execution.SERIAL;
    }

    /**
     * How each implicit fragment below {@code root} runs, when the DAG marks no fragment (else
     * none): an implicit fragment is serial code unless it is or holds a parallel construct (a
     * serial stretch, a leaf, never does; a parallel loop or parallel node always does), and
     * serial code written directly in a team region is replicated on the team's threads.
     */
    Map<Node, Execution> implicit(Node root) {
        Map<Node, Execution> out = new IdentityHashMap<>();
        if (Dag.marksFragments(root)) {
            return out;
        }
        List<Node> fragments = ImplicitFragments.of(root);
        Map<SourceLocation, Construct> constructs = new HashMap<>();
        Set<SourceLocation> inRegion = new HashSet<>();
        Map<SourceLocation, Routine> routineAt = new HashMap<>();
        for (Routine r : routines.values()) {
            routineAt.put(r.span().start(), r);
            indexAll(r.body(), teamRuns(r), constructs, inRegion);
        }
        for (Node n : fragments) {
            if (!serial(n, routineAt, constructs)) {
                out.put(n, Execution.PARALLEL);
            } else {
                // a routine of serial code called directly in a team region (NPB CG's makea, each thread on its
                // own part by omp_get_thread_num) is replicated like the region's own serial code
                Routine r = routineAt.get(n.at());
                boolean replicated = inRegion.contains(n.at()) || r != null && calledInRegion.contains(r.name());
                out.put(n, replicated ? Execution.REPLICATED : Execution.SERIAL);
            }
        }
        return out;
    }

    private boolean serial(Node n, Map<SourceLocation, Routine> routineAt, Map<SourceLocation, Construct> constructs) {
        switch (n.kind()) {
            case LEAF:
                return true;
            case PARALLEL_LOOP, PARALLEL:
                return false;
            default:
                Routine r = routineAt.get(n.at());
                if (r != null) {
                    return !holdsParallel(r.body(), new HashSet<>(List.of(r.name())));
                }
                Construct c = constructs.get(n.at());
                return c != null && !holdsParallel(c, new HashSet<>());
        }
    }

    private void index(List<Construct> body, boolean inRegion) {
        for (Construct c : body) {
            if (c.attached().hasModel() || c instanceof Construct.FragmentBlock) {
                parallelAt.put(c.span().start(), holdsParallel(c, new HashSet<>()));
                if (inRegion) {
                    replicatedAt.add(c.span().start());
                }
            }
            for (List<Construct> b : c.bodies()) {
                index(b, inner(c, inRegion));
            }
        }
    }

    /** Every construct by where it starts, and those written directly in a team region. */
    private static void indexAll(List<Construct> body, boolean inRegion, Map<SourceLocation, Construct> constructs,
                                 Set<SourceLocation> regionCode) {
        for (Construct c : body) {
            constructs.putIfAbsent(c.span().start(), c);
            if (inRegion) {
                regionCode.add(c.span().start());
            }
            for (List<Construct> b : c.bodies()) {
                indexAll(b, inner(c, inRegion), constructs, regionCode);
            }
        }
    }

    /** Whether the bodies of {@code c} are written directly in a team region. */
    private static boolean inner(Construct c, boolean inRegion) {
        return c instanceof Construct.Region || inRegion && !(c instanceof Construct.ParallelLoop
                || c instanceof Construct.OneProcessor || c instanceof Construct.Sections);
    }

    private boolean holdsParallel(Construct c, Set<String> visiting) {
        return ParallelReach.holds(c, lookup, visiting);
    }

    private boolean holdsParallel(List<Construct> body, Set<String> visiting) {
        return ParallelReach.holds(body, lookup, visiting);
    }
}
