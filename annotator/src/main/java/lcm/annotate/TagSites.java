package lcm.annotate;

import lcm.annotation.Annotation;
import lcm.dag.Dag;
import lcm.frontend.ParsedProgram;
import lcm.dag.Node;
import lcm.dag.NodeKind;
import lcm.source.SourceLocation;
import lcm.structure.Attached;
import lcm.structure.Construct;
import lcm.structure.ParsedFile;
import lcm.structure.Routine;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.Set;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The places in a program's sources that measurement tags can name, found through its DAG so
 * that names are exactly those of {@code lcm dag} and {@code lcm compose} (docs/design.md#stages-and-what-flows-between-them): every
 * fragment, and every other node that stands for a construct or routine (a routine whose body
 * is one parallel loop is that loop, named after the routine; a routine with more is
 * routine-level; other constructs are {@code unit:line}).
 *
 * <p>A tag names the node called exactly so, and the fragments named after it where the name
 * repeats ({@code cffts#2}: a second modelled call of cffts). A {@code unit:line} tag that names no node is matched
 * against lines counted without model lines, because writing models moves the lines below:
 * the second run of annotate with the same data finds the fragments the first run annotated.
 *
 * <p>Where the sources mark no fragment, the implicit fragments are sites too (serial stretches
 * included). A tag that is an implicit fragment's name ({@code work:16}) also names the fragment
 * annotate marked for it ({@code fragment work_16}, {@link ExplicitFragment}), before any
 * unmarked node that is now called so: data measured before the marking keep their fragment.
 */
final class TagSites {

    private static final Pattern UNIT_LINE = Pattern.compile("^(.*):(\\d+)(#\\d+)?$");
    private static final Pattern REPEATED = Pattern.compile("^(.*)#\\d+$");

    private final List<FragmentSite> sites;
    private final Map<Path, TreeSet<Integer>> modelLines;

    private TagSites(List<FragmentSite> sites, Map<Path, TreeSet<Integer>> modelLines) {
        this.sites = List.copyOf(sites);
        this.modelLines = modelLines;
    }

    private record Located(Attached attached, boolean loop, boolean routine) {
    }

    static TagSites of(ParsedProgram program) {
        Dag dag = program.dag();
        Map<SourceLocation, Located> index = new HashMap<>();
        Map<Path, CommentStyle> styles = new HashMap<>();
        Map<Path, TreeSet<Integer>> modelLines = new HashMap<>();
        for (ParsedFile f : program.files()) {
            CommentStyle style = CommentStyle.of(f.language());
            for (Routine r : f.routines()) {
                styles.putIfAbsent(r.span().file(), style);
                index.putIfAbsent(r.span().start(), new Located(r.attached(), false, true));
                collectModelLines(r.attached(), modelLines);
                index(r.body(), index, modelLines, styles, style);
            }
        }
        Set<Node> implicit = Collections.newSetFromMap(new IdentityHashMap<>());
        if (dag.implicitFragments()) {
            implicit.addAll(dag.fragments());
        }
        List<FragmentSite> out = new ArrayList<>();
        for (Node n : dag.nodes()) {
            boolean isImplicit = implicit.contains(n);
            if (n.kind() == NodeKind.LEAF && !isImplicit) {
                continue;
            }
            Located l = index.get(n.span().start());
            if (l == null && !isImplicit) {
                continue;
            }
            List<Annotation> annotations = l == null ? List.of() : l.attached().annotations();
            List<Annotation.Model> models = annotations.stream()
                    .filter(a -> a instanceof Annotation.Model).map(a -> (Annotation.Model) a).toList();
            List<Annotation> fitted = annotations.stream()
                    .filter(a -> a instanceof Annotation.FittedOn || a instanceof Annotation.Contention).toList();
            boolean routine = l != null && l.routine() && n.kind() != NodeKind.LEAF;
            out.add(new FragmentSite(n.name(), n.span().start(), styles.getOrDefault(n.span().file(), CommentStyle.FIXED),
                    models, n.isFragment(), l != null && l.loop(), fitted, isImplicit, n.span().endLine(), routine));
        }
        return new TagSites(out, modelLines);
    }

    private static void index(List<Construct> body, Map<SourceLocation, Located> index, Map<Path, TreeSet<Integer>> modelLines,
                              Map<Path, CommentStyle> styles, CommentStyle style) {
        for (Construct c : body) {
            styles.putIfAbsent(c.span().file(), style);
            index.putIfAbsent(c.span().start(), new Located(c.attached(), c instanceof Construct.ParallelLoop, false));
            collectModelLines(c.attached(), modelLines);
            for (List<Construct> inner : c.bodies()) {
                index(inner, index, modelLines, styles, style);
            }
            if (c instanceof Construct.Sections s) {
                s.sections().forEach(sec -> collectModelLines(sec.attached(), modelLines));
            }
        }
    }

    private static void collectModelLines(Attached a, Map<Path, TreeSet<Integer>> out) {
        for (Annotation x : a.annotations()) {
            if (x instanceof Annotation.Model || x instanceof Annotation.FittedOn || x instanceof Annotation.Contention) {
                out.computeIfAbsent(x.at().file(), k -> new TreeSet<>()).add(x.at().line());
            }
        }
    }


    /**
     * The fragments of the program, in DAG order: the nodes with a model or a {@code fragment NAME}, or
     * where the sources mark none, the implicit fragments.
     */
    List<FragmentSite> fragments() {
        return sites.stream().filter(s -> s.fragment() || s.implicit()).toList();
    }

    /** The sites tag {@code tag} names (see the class comment); empty if none. */
    List<FragmentSite> named(String tag) {
        List<FragmentSite> out = new ArrayList<>();
        for (FragmentSite s : sites) {
            if (s.name().equals(tag) || s.fragment() && base(s.name()).equals(tag)) {
                out.add(s);
            }
        }
        if (out.stream().anyMatch(FragmentSite::fragment)) {
            return out;
        }
        List<FragmentSite> marked = markedAs(tag);
        if (!marked.isEmpty() || !out.isEmpty()) {
            return marked.isEmpty() ? out : marked;
        }
        Matcher t = UNIT_LINE.matcher(tag);
        if (!t.matches() || t.group(3) != null) {
            return out;
        }
        for (FragmentSite s : sites) {
            Matcher m = UNIT_LINE.matcher(s.name());
            if (m.matches() && m.group(1).equals(t.group(1))
                    && withoutModelLines(s.file(), Integer.parseInt(m.group(2))) == Integer.parseInt(t.group(2))) {
                out.add(s);
            }
        }
        return out;
    }

    /**
     * The name of the fragment tag {@code tag} names by its implicit name ({@link ExplicitFragment}:
     * {@code work:16} names the fragment {@code work_16} that annotate marked), or {@code tag}
     * itself: the name data of that fragment are fitted under, whichever of the two they carry.
     */
    String fragmentName(String tag) {
        if (sites.stream().anyMatch(s -> s.fragment() && (s.name().equals(tag) || base(s.name()).equals(tag)))) {
            return tag;
        }
        List<FragmentSite> marked = markedAs(tag);
        return marked.isEmpty() ? tag : marked.get(0).name();
    }

    /** The marked fragments named {@link ExplicitFragment#name} of the implicit fragment's name {@code tag}. */
    private List<FragmentSite> markedAs(String tag) {
        if (!ExplicitFragment.isImplicitName(tag)) {
            return List.of();
        }
        String name = ExplicitFragment.name(tag);
        return sites.stream().filter(s -> s.fragment() && s.name().equals(name)).toList();
    }

    /** Line {@code line} of {@code file} numbered as if the file had no model lines. */
    int withoutModelLines(Path file, int line) {
        TreeSet<Integer> lines = modelLines.get(file);
        return lines == null ? line : line - lines.headSet(line).size();
    }

    private static String base(String name) {
        Matcher m = REPEATED.matcher(name);
        return m.matches() ? m.group(1) : name;
    }
}
