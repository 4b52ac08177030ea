package lcm.frontend;

import lcm.dag.Execution;
import lcm.source.SourceLocation;
import lcm.structure.Construct;
import lcm.structure.Routine;

import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Which fragments are serial code (docs/composition.md, "Execution width"): a fragment that
 * holds no parallel construct (parallel loop, sections, team region), directly or through the
 * routines it calls, runs on one processor while the rest of its node's processors idle; one
 * written directly in a team region runs on every thread of the team. A fragment that holds a
 * parallel construct runs on its node's processors. Fragments are known by where they start.
 */
final class SerialCode {

    private final Map<String, Routine> routines;
    private final Map<SourceLocation, Boolean> parallelAt = new HashMap<>();
    private final Set<SourceLocation> replicatedAt = new HashSet<>();

    /** {@code routines}: every routine of the program, by name. */
    SerialCode(Map<String, Routine> routines) {
        this.routines = routines;
        for (Routine r : routines.values()) {
            if (r.attached().hasModel()) {
                parallelAt.put(r.span().start(), holdsParallel(r.body(), new HashSet<>(List.of(r.name()))));
            }
            index(r.body(), false);
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

    private void index(List<Construct> body, boolean inRegion) {
        for (Construct c : body) {
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
