package lcm.compose;

import lcm.dag.Dag;
import lcm.dag.Node;
import lcm.source.SourceLocation;
import lcm.structure.Construct;
import lcm.structure.ParsedFile;
import lcm.structure.Routine;

import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Which fragments are serial code (docs/composition.md, "Execution width"): a fragment that
 * holds no parallel construct (parallel loop, sections, team region), directly or through the
 * routines it calls, runs on one processor while the rest of its node's processors idle. A
 * fragment that holds one runs on its node's processors.
 */
final class SerialCode {

    private final Map<String, Routine> routines = new HashMap<>();
    private final Map<SourceLocation, Boolean> parallelAt = new HashMap<>();
    private final Map<Node, Boolean> known = Collections.synchronizedMap(new IdentityHashMap<>());
    private final Set<SourceLocation> replicatedAt = new HashSet<>();
    /** Where the sources mark no fragment: the implicit ones (the thesis' rule), and every construct by its start. */
    private final Set<Node> implicit = Collections.newSetFromMap(new IdentityHashMap<>());
    private final Map<SourceLocation, Construct> constructs = new HashMap<>();
    private final Map<SourceLocation, Routine> routineAt = new HashMap<>();

    SerialCode(Dag dag) {
        for (ParsedFile f : dag.files()) {
            for (Routine r : f.routines()) {
                routines.putIfAbsent(r.name(), r);
            }
        }
        if (dag.implicitFragments()) {
            implicit.addAll(dag.fragments());
            routines.values().forEach(r -> routineAt.put(r.span().start(), r));
        }
        for (Routine r : routines.values()) {
            if (r.attached().hasModel()) {
                parallelAt.put(r.span().start(), holdsParallel(r.body(), new HashSet<>(List.of(r.name()))));
            }
            index(r.body(), false);
        }
    }

    /** A fragment the sources mark, or one of the thesis' rule where they mark none. */
    private boolean isFragment(Node n) {
        return n.isFragment() || implicit.contains(n);
    }

    /**
     * Whether {@code fragment} is serial code written directly in a team region (outside its
     * worksharing constructs, {@code single} and {@code master}): every thread of the team runs it.
     */
    boolean isReplicated(Node fragment) {
        return isFragment(fragment) && replicatedAt.contains(fragment.at()) && isSerial(fragment);
    }

    /**
     * Whether {@code n} runs on one processor: serial code, not replicated on every thread of a
     * team region (the composer's and {@link FragmentWidths}' one test).
     */
    boolean onOneProcessor(Node n) {
        return isSerial(n) && !isReplicated(n);
    }

    /** Whether the fragment construct starting at {@code at} (nested ones too) holds no parallel construct. */
    boolean serialAt(SourceLocation at) {
        Boolean parallel = parallelAt.get(at);
        return parallel != null && !parallel && !replicatedAt.contains(at);
    }

    /** Whether {@code fragment} runs on one processor by default. */
    boolean isSerial(Node fragment) {
        if (!isFragment(fragment)) {
            return false;
        }
        if (!fragment.isFragment()) {
            return known.computeIfAbsent(fragment, this::implicitSerial);
        }
        return known.computeIfAbsent(fragment, f -> {
            Boolean parallel = parallelAt.get(f.at());
            return parallel != null && !parallel;
        });
    }

    /**
     * An implicit fragment is serial code unless it is or holds a parallel construct: a serial
     * stretch (a leaf) never does; a parallel loop or parallel node always does.
     */
    private boolean implicitSerial(Node n) {
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
            if (!implicit.isEmpty()) {
                constructs.putIfAbsent(c.span().start(), c);
                if (inRegion) {
                    replicatedAt.add(c.span().start());
                }
            }
            if (c.attached().hasModel() || c instanceof Construct.FragmentBlock) {
                parallelAt.put(c.span().start(), holdsParallel(c, new HashSet<>()));
                if (inRegion) {
                    replicatedAt.add(c.span().start());
                }
            }
            boolean inner = c instanceof Construct.Region || inRegion && !(c instanceof Construct.ParallelLoop
                    || c instanceof Construct.OneProcessor || c instanceof Construct.Sections);
            for (List<Construct> b : c.bodies()) {
                index(b, inner);
            }
        }
    }

    private boolean holdsParallel(Construct c, Set<String> visiting) {
        if (c instanceof Construct.ParallelLoop || c instanceof Construct.Sections || c instanceof Construct.Region) {
            return true;
        }
        if (c instanceof Construct.Call call) {
            Routine r = routines.get(call.callee());
            return r != null && visiting.add(r.name()) && holdsParallel(r.body(), visiting);
        }
        for (List<Construct> inner : c.bodies()) {
            if (holdsParallel(inner, visiting)) {
                return true;
            }
        }
        return false;
    }

    private boolean holdsParallel(List<Construct> body, Set<String> visiting) {
        for (Construct c : body) {
            if (holdsParallel(c, visiting)) {
                return true;
            }
        }
        return false;
    }
}
