package lcm.frontend;

import lcm.expr.Expr;
import lcm.expr.Processors;
import lcm.source.Diagnostics;
import lcm.source.SourceLocation;
import lcm.structure.Construct;
import lcm.structure.Routine;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The team a fragment runs on when its code fixes one (docs/composition.md, "Execution width"):
 * a fragment that is a team construct ({@code num_threads(k)}, KSR {@code numthreads = k}, a Java
 * pool of k threads) has that construct's team; a fragment around code (a {@code fragment NAME}
 * block, a modelled loop or call, a modelled routine) has the team of the parallel constructs its
 * code reaches first, directly or through the routines it calls, when they all have the same one.
 * An annotation around a construct thus never changes how the construct runs. Where those
 * constructs run on different teams a fragment cannot hold them all at one width: it keeps its
 * node's processors, with a warning at the fragment.
 */
final class FragmentTeam {

    private final Map<String, Routine> lookup;
    private final Diagnostics diagnostics;
    /** The team found for each fragment, by where it starts: a routine's fragment is asked at every call. */
    private final Map<SourceLocation, Optional<Expr>> known = new HashMap<>();

    /** {@code lookup}: the routines of the program by the names calls use. */
    FragmentTeam(Map<String, Routine> lookup, Diagnostics diagnostics) {
        this.lookup = lookup;
        this.diagnostics = diagnostics;
    }

    /** A parallel construct the fragment's code reaches first, and the team it fixes (empty: the processors it is given). */
    private record Reached(Construct construct, String directive, Optional<Expr> team) {
        String shown() {
            return directive + " at " + construct.span().start() + team.map(t -> " (a team of " + t.text() + ")")
                    .orElse(" (no team of its own)");
        }
    }

    /** The team of the fragment {@code c} named {@code name}. */
    Optional<Expr> of(Construct c, String name) {
        if (c instanceof Construct.ParallelLoop || c instanceof Construct.Region || c instanceof Construct.Sections) {
            return own(c);
        }
        return of(c.span().start(), name, List.of(c));
    }

    /** The team of the modelled routine {@code r}, a fragment at each of its calls. */
    Optional<Expr> of(Routine r) {
        return of(r.span().start(), r.name(), r.body());
    }

    private Optional<Expr> of(SourceLocation at, String name, List<Construct> code) {
        Optional<Expr> done = known.get(at);
        if (done != null) {
            return done;
        }
        List<Reached> reached = new ArrayList<>();
        reach(code, new HashSet<>(), reached);
        Optional<Expr> team = agreed(reached);
        if (team.isEmpty() && reached.stream().anyMatch(r -> r.team().isPresent())) {
            diagnostics.warning(at, "fragment '" + name + "' holds parallel constructs that run on different teams ("
                    + String.join(", ", reached.stream().map(Reached::shown).toList()) + "): a fragment has one width,"
                    + " and lcm gives it its node's processors; put each team in a fragment of its own");
        }
        // a team of p is what the fragment gets anyway
        team = team.filter(t -> !(t instanceof Expr.Var v && v.name().equals(Processors.NAME)));
        known.put(at, team);
        return team;
    }

    /** The one team all of {@code reached} have, if they have one. */
    private static Optional<Expr> agreed(List<Reached> reached) {
        if (reached.isEmpty() || reached.get(0).team().isEmpty()) {
            return Optional.empty();
        }
        Expr first = reached.get(0).team().get();
        return reached.stream().allMatch(r -> r.team().isPresent() && r.team().get().equals(first))
                ? Optional.of(first) : Optional.empty();
    }

    /** The outermost parallel constructs of {@code code}, following calls into the program's routines. */
    private void reach(List<Construct> code, Set<String> visiting, List<Reached> out) {
        for (Construct c : code) {
            if (c instanceof Construct.ParallelLoop l) {
                out.add(new Reached(c, l.directive(), l.threads()));
            } else if (c instanceof Construct.Sections s) {
                out.add(new Reached(c, s.directive(), s.threads()));
            } else if (c instanceof Construct.Region r) {
                out.add(new Reached(c, r.directive(), r.threads()));
            } else if (c instanceof Construct.Call call) {
                Routine r = lookup.get(call.callee());
                if (r != null && visiting.add(r.name())) {
                    reach(r.body(), visiting, out);
                }
            } else {
                for (List<Construct> inner : c.bodies()) {
                    reach(inner, visiting, out);
                }
            }
        }
    }

    /** The team a team construct fixes itself. */
    private static Optional<Expr> own(Construct c) {
        if (c instanceof Construct.ParallelLoop l) {
            return l.threads();
        }
        if (c instanceof Construct.Region r) {
            return r.threads();
        }
        if (c instanceof Construct.Sections s) {
            return s.threads();
        }
        return Optional.empty();
    }
}
