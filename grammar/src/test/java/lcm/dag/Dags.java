package lcm.dag;

import lcm.TestRepo;
import lcm.fortran.FortranOptions;
import lcm.frontend.Frontend;
import lcm.frontend.ParsedProgram;
import lcm.frontend.ProgramReader;
import lcm.frontend.StructureBuilder;
import lcm.source.Diagnostic;
import lcm.source.Diagnostics;
import lcm.source.SourceRegistry;
import lcm.structure.ParsedFile;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Test helpers: the repository's fixtures, DAGs built from them, shape signatures. */
public final class Dags {

    private Dags() {
    }

    public static Path fixture(String relative) {
        return TestRepo.file("fixtures").resolve(relative);
    }

    /** A DAG and every diagnostic its files produced. */
    public record Built(Dag dag, List<Diagnostic> diagnostics) {
    }

    /** Parses {@code files} and builds their DAG, collecting (not throwing) every diagnostic. */
    public static Built build(Path... files) {
        Diagnostics d = new Diagnostics();
        SourceRegistry sources = new SourceRegistry();
        List<ParsedFile> parsed = new ArrayList<>();
        for (Path f : files) {
            parsed.add(parse(sources, f, d));
        }
        Dag dag = StructureBuilder.build(parsed, d);
        return new Built(dag, d.sorted());
    }

    /**
     * One file parsed by the front end its extension chooses (Fortran for any other), its text
     * the one {@code sources} holds (registered by the test, or read); problems collected, a
     * partial result kept.
     */
    public static ParsedFile parse(SourceRegistry sources, Path file, Diagnostics d) {
        return parse(sources, FortranOptions.DEFAULT, file, d);
    }

    public static ParsedFile parse(SourceRegistry sources, FortranOptions options, Path file, Diagnostics d) {
        return Frontend.of(file).orElse(Frontend.FORTRAN).parser().parse(sources.read(file), sources, options, d);
    }

    /** The parse tree and DAG of {@code files} as lcm reads them; they must read without errors. */
    public static ParsedProgram parsed(Path... files) {
        return new ProgramReader(new SourceRegistry()).parse(Arrays.asList(files)).orThrow();
    }

    /** The DAG of {@code files}, which must produce no diagnostic at all (warnings included). */
    public static Dag clean(Path... files) {
        Built b = build(files);
        assertEquals("", b.diagnostics().stream().map(Diagnostic::headline).collect(Collectors.joining("\n")),
                "diagnostics of " + Arrays.toString(files));
        return b.dag();
    }

    /**
     * The shape of a DAG as one line: {@code kind name[trips](children)}. Names that carry a line
     * number ({@code main:12}) are left out so that two sources of one structure compare equal;
     * a shared node's second use is {@code ^name}.
     */
    public static String shape(Node root) {
        StringBuilder out = new StringBuilder();
        shape(root, new IdentityHashMap<>(), out);
        return out.toString();
    }

    private static void shape(Node n, Map<Node, Boolean> seen, StringBuilder out) {
        if (seen.put(n, Boolean.TRUE) != null) {
            out.append('^').append(n.name());
            return;
        }
        out.append(n.kind().json());
        if (!n.name().contains(":") && !n.name().contains("#")) {
            out.append(' ').append(n.name());
        }
        n.trips().ifPresent(t -> out.append('[').append(t.text()).append(']'));
        if (!n.children().isEmpty()) {
            out.append('(');
            for (int i = 0; i < n.children().size(); i++) {
                if (i > 0) {
                    out.append(", ");
                }
                shape(n.children().get(i).node(), seen, out);
            }
            out.append(')');
        }
    }

    /**
     * The outline the fixtures' {@code expect-node:} lines use: like {@link #shape} but the top
     * node's name left out, and a named child (a routine or fragment) written as its name only
     * ({@code ^name} at a later use), since its own outline is checked on its own line.
     */
    public static String outline(Node top) {
        StringBuilder out = new StringBuilder();
        outline(top, true, new IdentityHashMap<>(), out);
        return out.toString();
    }

    private static void outline(Node n, boolean top, Map<Node, Boolean> seen, StringBuilder out) {
        boolean named = !n.name().contains(":") && !n.name().contains("#");
        boolean again = seen.put(n, Boolean.TRUE) != null;
        if (!top && named) {
            out.append(again ? "^" : "").append(n.name());
            return;
        }
        out.append(n.kind().json());
        n.trips().ifPresent(t -> out.append('[').append(t.text()).append(']'));
        if (!n.children().isEmpty()) {
            out.append('(');
            for (int i = 0; i < n.children().size(); i++) {
                if (i > 0) {
                    out.append(", ");
                }
                outline(n.children().get(i).node(), false, seen, out);
            }
            out.append(')');
        }
    }

    /** The node reached by following child indexes from {@code from}. */
    public static Node at(Node from, int... path) {
        Node n = from;
        for (int i : path) {
            assertTrue(i < n.children().size(), () -> "no child " + i + " under " + from);
            n = n.children().get(i).node();
        }
        return n;
    }

    /** The edge reached by following child indexes; the last index picks the edge. */
    public static Child edge(Node from, int... path) {
        Node n = at(from, Arrays.copyOf(path, path.length - 1));
        return n.children().get(path[path.length - 1]);
    }

    /** Counts of nodes by kind over the distinct nodes of {@code dag}. */
    public static Map<NodeKind, Integer> kindCounts(Dag dag) {
        Map<NodeKind, Integer> out = new java.util.EnumMap<>(NodeKind.class);
        for (Node n : dag.nodes()) {
            out.merge(n.kind(), 1, Integer::sum);
        }
        return out;
    }

    public static List<String> texts(List<lcm.annotation.DataItem> items) {
        List<String> out = new ArrayList<>();
        items.forEach(i -> out.add(i.text()));
        return out;
    }
}
