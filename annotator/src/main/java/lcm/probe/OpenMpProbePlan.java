package lcm.probe;

import lcm.dag.Child;
import lcm.dag.Dag;
import lcm.dag.Node;
import lcm.dag.NodeKind;
import lcm.fortran.SourceForm;
import lcm.source.SourceLocation;
import lcm.structure.Construct;
import lcm.structure.ParsedFile;
import lcm.structure.Routine;

import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * Which probes the instrumented copy of an OpenMP program gets (docs/measure.md, "OpenMP"): per
 * Fortran fragment of the DAG an id, where its probes go ({@link FortranProbes.Placement}) and who
 * runs it, as the OMPT tool needs to know to tell one execution from several:
 * <ul>
 * <li>{@code t}: every thread of the team (a worksharing {@code !$omp do} or {@code sections},
 * code written directly in a parallel region and so replicated): the threads' k-th executions in
 * one region instance are one execution;</li>
 * <li>{@code s}: one thread (serial code outside regions, a {@code single} or {@code master}
 * block, a section, an iteration of a parallel loop, a task);</li>
 * <li>{@code a}: decided at run time, team inside a region of more than one thread (a routine the
 * DAG reaches both ways, or that nothing in the sources calls).</li>
 * </ul>
 * Who runs a fragment comes from the paths to it in the DAG: a parallel region's body is run by
 * the team; a parallel loop's iterations, a parallel node's tasks and one-processor blocks by one
 * thread each.
 */
record OpenMpProbePlan(Map<Path, List<FortranProbes.Probe>> byFile, Map<Integer, Character> modes,
                       Map<Integer, String> tags) {

    OpenMpProbePlan {
        byFile = Map.copyOf(byFile);
        modes = Map.copyOf(modes);
        tags = Map.copyOf(tags);
    }

    private enum Context { OUTSIDE, TEAM, ONE }

    /** The plan for the Fortran fragments of dag (fragments in other languages are not this probe's). */
    static OpenMpProbePlan of(Dag dag) {
        Map<SourceLocation, Construct> constructs = new HashMap<>();
        Map<SourceLocation, Boolean> sections = new HashMap<>();
        Set<SourceLocation> routineStarts = new HashSet<>();
        for (ParsedFile f : dag.files()) {
            for (Routine r : f.routines()) {
                routineStarts.add(r.span().start());
                index(r.body(), constructs, sections);
            }
        }
        Map<Node, EnumSet<Context>> contexts = contexts(dag, constructs, sections);
        Map<Path, List<FortranProbes.Probe>> byFile = new LinkedHashMap<>();
        Map<Integer, Character> modes = new LinkedHashMap<>();
        Map<Integer, String> tags = new LinkedHashMap<>();
        int id = 0;
        for (Node n : dag.fragments()) {
            Path file = n.span().file();
            if (!isFortran(file)) {
                continue;
            }
            id++;
            Construct c = constructs.get(n.at());
            FortranProbes.Placement placement;
            char mode;
            if (routineStarts.contains(n.at())) {
                placement = FortranProbes.Placement.ROUTINE;
                mode = mode(contexts.get(n));
            } else if (c instanceof Construct.OneProcessor || sections.containsKey(n.at())) {
                placement = FortranProbes.Placement.INSIDE;
                mode = 's';
            } else {
                placement = FortranProbes.Placement.AROUND;
                mode = worksharing(c) ? 't' : mode(contexts.get(n));
            }
            byFile.computeIfAbsent(file, k -> new ArrayList<>()).add(new FortranProbes.Probe(id, n.name(), placement,
                    n.span().line(), n.span().endLine()));
            modes.put(id, mode);
            tags.put(id, n.name());
        }
        return new OpenMpProbePlan(byFile, modes, tags);
    }

    static boolean isFortran(Path file) {
        return SourceForm.isFortranSource(file) || file.toString().matches(".*\\.(F|F90|F95|FOR)$");
    }

    /** The tool's site table: one {@code id mode tag} a line. */
    String sitesText() {
        StringBuilder b = new StringBuilder();
        tags.forEach((id, tag) -> b.append(id).append(' ').append(modes.get(id)).append(' ').append(tag).append('\n'));
        return b.toString();
    }

    private static char mode(EnumSet<Context> seen) {
        if (seen == null || seen.isEmpty()) {
            return 'a'; // nothing in the sources reaches it: the run tells
        }
        if (seen.equals(EnumSet.of(Context.TEAM))) {
            return 't';
        }
        if (!seen.contains(Context.TEAM)) {
            return seen.contains(Context.ONE) ? 's' : 'a';
        }
        return 'a';
    }

    /** A worksharing construct (not a combined parallel one): the whole team meets it. */
    private static boolean worksharing(Construct c) {
        String directive = c instanceof Construct.ParallelLoop l ? l.directive()
                : c instanceof Construct.Sections s ? s.directive() : null;
        if (directive == null) {
            return false;
        }
        String d = directive.toLowerCase(Locale.ROOT);
        return d.startsWith("!$omp") && !d.contains("parallel") && !d.contains("task");
    }

    private static void index(List<Construct> body, Map<SourceLocation, Construct> out,
                              Map<SourceLocation, Boolean> sections) {
        for (Construct c : body) {
            out.putIfAbsent(c.span().start(), c);
            if (c instanceof Construct.Sections s) {
                s.sections().forEach(x -> sections.put(x.span().start(), Boolean.TRUE));
            }
            for (List<Construct> inner : c.bodies()) {
                index(inner, out, sections);
            }
        }
    }

    /** The contexts in which each node is reached from the root: outside regions, by a team, by one thread. */
    private static Map<Node, EnumSet<Context>> contexts(Dag dag, Map<SourceLocation, Construct> constructs,
                                                        Map<SourceLocation, Boolean> sections) {
        Map<Node, EnumSet<Context>> seen = new IdentityHashMap<>();
        Deque<Object[]> stack = new ArrayDeque<>();
        stack.push(new Object[] {dag.root(), Context.OUTSIDE});
        while (!stack.isEmpty()) {
            Object[] top = stack.pop();
            Node n = (Node) top[0];
            Context ctx = (Context) top[1];
            if (!seen.computeIfAbsent(n, k -> EnumSet.noneOf(Context.class)).add(ctx)) {
                continue;
            }
            Construct c = constructs.get(n.at());
            Context inner = switch (n.kind()) {
                case PARALLEL_LOOP, PARALLEL -> Context.ONE;
                default -> c instanceof Construct.Region ? Context.TEAM
                        : c instanceof Construct.OneProcessor || sections.containsKey(n.at()) ? Context.ONE : ctx;
            };
            if (n.kind() == NodeKind.FRAGMENT) {
                continue;
            }
            for (Child k : n.children()) {
                stack.push(new Object[] {k.node(), inner});
            }
        }
        return seen;
    }
}
