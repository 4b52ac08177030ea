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

    private record Located(Attached attached, boolean loop) {
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
                index.putIfAbsent(r.span().start(), new Located(r.attached(), false));
                collectModelLines(r.attached(), modelLines);
                index(r.body(), index, modelLines, styles, style);
            }
        }
        List<FragmentSite> out = new ArrayList<>();
        for (Node n : dag.nodes()) {
            if (n.kind() == NodeKind.LEAF) {
                continue;
            }
            Located l = index.get(n.span().start());
            if (l == null) {
                continue;
            }
            List<Annotation.Model> models = l.attached().annotations().stream()
                    .filter(a -> a instanceof Annotation.Model).map(a -> (Annotation.Model) a).toList();
            List<Annotation.FittedOn> fitted = l.attached().annotations().stream()
                    .filter(a -> a instanceof Annotation.FittedOn).map(a -> (Annotation.FittedOn) a).toList();
            out.add(new FragmentSite(n.name(), n.span().start(), styles.getOrDefault(n.span().file(), CommentStyle.FIXED),
                    models, n.isFragment(), l.loop(), fitted));
        }
        return new TagSites(out, modelLines);
    }

    private static void index(List<Construct> body, Map<SourceLocation, Located> index, Map<Path, TreeSet<Integer>> modelLines,
                              Map<Path, CommentStyle> styles, CommentStyle style) {
        for (Construct c : body) {
            styles.putIfAbsent(c.span().file(), style);
            index.putIfAbsent(c.span().start(), new Located(c.attached(), c instanceof Construct.ParallelLoop));
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
            if (x instanceof Annotation.Model || x instanceof Annotation.FittedOn) {
                out.computeIfAbsent(x.at().file(), k -> new TreeSet<>()).add(x.at().line());
            }
        }
    }


    /** The fragments of the program (nodes with a model or a {@code fragment NAME}), in DAG order. */
    List<FragmentSite> fragments() {
        return sites.stream().filter(FragmentSite::fragment).toList();
    }

    /** The sites tag {@code tag} names (see the class comment); empty if none. */
    List<FragmentSite> named(String tag) {
        List<FragmentSite> out = new ArrayList<>();
        for (FragmentSite s : sites) {
            if (s.name().equals(tag) || s.fragment() && base(s.name()).equals(tag)) {
                out.add(s);
            }
        }
        if (!out.isEmpty()) {
            return out;
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
