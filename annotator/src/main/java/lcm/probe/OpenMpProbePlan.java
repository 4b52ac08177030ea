package lcm.probe;

import lcm.dag.Child;
import lcm.dag.Dag;
import lcm.dag.Node;
import lcm.dag.NodeKind;
import lcm.frontend.ParsedProgram;
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
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

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

    /**
     * The plan for the Fortran fragments among sites (fragments in other languages are not this
     * probe's): the DAG's fragments, who runs them from the paths to them; and the fragments
     * nested in them, from where they are written.
     */
    static OpenMpProbePlan of(ParsedProgram program, FragmentSites sites) {
        Dag dag = program.dag();
        Map<SourceLocation, Construct> constructs = new HashMap<>();
        Map<SourceLocation, Boolean> sections = new HashMap<>();
        Map<SourceLocation, Context> lexical = new HashMap<>();
        for (ParsedFile f : program.files()) {
            for (Routine r : f.routines()) {
                index(r.body(), Context.OUTSIDE, constructs, sections, lexical);
            }
        }
        Map<Node, EnumSet<Context>> contexts = contexts(dag, constructs, sections);
        Map<SourceLocation, Node> nodes = new HashMap<>();
        for (Node n : dag.fragments()) {
            nodes.putIfAbsent(n.at(), n);
        }
        Map<Path, List<FortranProbes.Probe>> byFile = new LinkedHashMap<>();
        Map<Integer, Character> modes = new LinkedHashMap<>();
        Map<Integer, String> tags = new LinkedHashMap<>();
        List<FragmentSites.Site> outer = sites.sites().stream().filter(x -> !x.nested()).toList();
        int id = 0;
        for (FragmentSites.Site site : sites.sites()) {
            if (!isFortran(site.file())) {
                continue;
            }
            id++;
            Construct c = constructs.get(site.at());
            FortranProbes.Placement placement;
            char mode;
            if (c instanceof Construct.OneProcessor || sections.containsKey(site.at())) {
                placement = FortranProbes.Placement.INSIDE;
                mode = 's';
            } else {
                placement = site.whole() ? FortranProbes.Placement.ROUTINE : FortranProbes.Placement.AROUND;
                if (worksharing(c)) {
                    mode = 't';
                } else if (!site.nested()) {
                    mode = mode(contexts.get(nodes.get(site.at())));
                } else {
                    Context lex = lexical.getOrDefault(site.at(), Context.OUTSIDE);
                    mode = lex == Context.TEAM ? 't' : lex == Context.ONE ? 's' : outerMode(site, outer, contexts, nodes);
                }
            }
            byFile.computeIfAbsent(site.file(), k -> new ArrayList<>()).add(new FortranProbes.Probe(id, site.tag(),
                    placement, site.firstLine(), site.lastLine()));
            modes.put(id, mode);
            tags.put(id, site.tag());
        }
        return new OpenMpProbePlan(byFile, modes, tags);
    }

    /** A nested fragment written outside any region in its routine runs as the fragment around it does. */
    private static char outerMode(FragmentSites.Site site, List<FragmentSites.Site> outer,
                                  Map<Node, EnumSet<Context>> contexts, Map<SourceLocation, Node> nodes) {
        FragmentSites.Site around = null;
        for (FragmentSites.Site o : outer) {
            if (o.file().equals(site.file()) && o.firstLine() <= site.firstLine() && site.lastLine() <= o.lastLine()
                    && (around == null || o.lastLine() - o.firstLine() < around.lastLine() - around.firstLine())) {
                around = o;
            }
        }
        return around == null ? 'a' : mode(contexts.get(nodes.get(around.at())));
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

    /** Constructs by where they start, the sections' starts, and who runs each construct as written in its routine. */
    private static void index(List<Construct> body, Context ctx, Map<SourceLocation, Construct> out,
                              Map<SourceLocation, Boolean> sections, Map<SourceLocation, Context> lexical) {
        for (Construct c : body) {
            out.putIfAbsent(c.span().start(), c);
            lexical.putIfAbsent(c.span().start(), ctx);
            if (c instanceof Construct.Sections s) {
                s.sections().forEach(x -> sections.put(x.span().start(), Boolean.TRUE));
            }
            Context inner = c instanceof Construct.Region ? Context.TEAM
                    : c instanceof Construct.ParallelLoop || c instanceof Construct.OneProcessor
                    || c instanceof Construct.Sections ? Context.ONE : ctx;
            for (List<Construct> b : c.bodies()) {
                index(b, inner, out, sections, lexical);
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
