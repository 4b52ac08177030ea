package lcm.javasrc;

import lcm.dag.Child;
import lcm.dag.Dag;
import lcm.dag.Node;
import lcm.frontend.StructureBuilder;
import lcm.source.Diagnostic;
import lcm.source.Diagnostics;
import lcm.source.SourceRegistry;
import lcm.source.SourceText;
import lcm.structure.Construct;
import lcm.structure.ParsedFile;
import lcm.structure.Routine;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/** Test helpers: parse Java text or fixture files, find routines and nodes, print shapes. */
final class JavaSources {

    private JavaSources() {
    }

    /** The result of parsing one text: the file, and every diagnostic. */
    record Result(ParsedFile file, Diagnostics diagnostics) {

        Routine routine(String name) {
            return file.routines().stream().filter(r -> r.name().equals(name)).findFirst()
                    .orElseThrow(() -> new AssertionError("no routine " + name + " in " + names()));
        }

        List<String> names() {
            return file.routines().stream().map(Routine::name).toList();
        }

        List<Construct> body(String routine) {
            return routine(routine).body();
        }

        Dag dag() {
            Dag dag = StructureBuilder.build(List.of(file), diagnostics);
            return dag;
        }

        List<String> errors() {
            return diagnostics.errors().stream().map(Diagnostic::headline).toList();
        }

        List<String> warnings() {
            return diagnostics.warnings().stream().map(Diagnostic::headline).toList();
        }
    }

    static final Path FILE = Path.of("T.java");

    /** Parses {@code text} as the file T.java. */
    static Result parse(String text) {
        Diagnostics d = new Diagnostics();
        ParsedFile f = JavaFrontend.parse(SourceText.of(FILE, text), new SourceRegistry(), d);
        return new Result(f, d);
    }

    /**
     * Parses a method body placed in {@code class T { static void f() { ... } }} plus helpers
     * g, h and w(int), with the imports real code has (on line 1, so the body starts on line 3).
     */
    static Result method(String body) {
        return parse("import java.util.*; import java.util.concurrent.*; import java.util.stream.*; class T {\n"
                + "  static void f() {\n" + body + "\n  }\n"
                + "  static void g() { }\n  static void h() { }\n  static void w(int i) { }\n}\n");
    }

    /**
     * A one-line description of constructs: {@code call g}, {@code loop i x n [..]},
     * {@code ploop i x n [..]}, {@code sections {[..] [..]}}, {@code if [.. | ..]},
     * {@code block kind [..]}, {@code fragment name [..]}, {@code sync post x}, {@code simple};
     * {@code @N} after a construct counts its attached annotations.
     */
    static String describe(List<Construct> body) {
        return body.stream().map(JavaSources::describe).collect(Collectors.joining("; "));
    }

    static String describe(Construct c) {
        String text;
        if (c instanceof Construct.Call x) {
            text = "call " + x.callee();
        } else if (c instanceof Construct.Loop x) {
            text = "loop " + x.variable() + " x " + trips(x.trips()) + " [" + describe(x.body()) + "]";
        } else if (c instanceof Construct.ParallelLoop x) {
            text = "ploop " + x.variable() + " x " + trips(x.trips()) + " [" + describe(x.body()) + "]";
        } else if (c instanceof Construct.Sections x) {
            text = "sections {" + x.sections().stream().map(t -> "[" + describe(t.body()) + "]"
                    + (t.attached().isEmpty() ? "" : "@" + t.attached().annotations().size()))
                    .collect(Collectors.joining(" ")) + "}";
        } else if (c instanceof Construct.Conditional x) {
            text = "if [" + x.branches().stream().map(JavaSources::describe).collect(Collectors.joining(" | ")) + "]";
        } else if (c instanceof Construct.Block x) {
            text = "block " + x.kind() + " [" + describe(x.body()) + "]";
        } else if (c instanceof Construct.FragmentBlock x) {
            text = "fragment " + x.name() + " [" + describe(x.body()) + "]";
        } else if (c instanceof Construct.SyncPoint x) {
            text = "sync " + x.sync().label();
        } else {
            text = "simple";
        }
        return c.attached().isEmpty() ? text : text + " @" + c.attached().annotations().size();
    }

    private static String trips(java.util.Optional<lcm.expr.Expr> trips) {
        return trips.map(lcm.expr.Expr::text).orElse("?");
    }

    /**
     * A DAG's shape, independent of the language and of line numbers: kind, routine name
     * (nodes named unit:line show as *), trip count, data used on the edge, children; a node
     * reached again is written {@code =N}, N its first appearance.
     */
    static String shape(Dag dag) {
        StringBuilder out = new StringBuilder();
        shape(dag.root(), "", new IdentityHashMap<>(), out, 0);
        return out.toString();
    }

    private static void shape(Node n, String use, Map<Node, Integer> seen, StringBuilder out, int depth) {
        out.append("  ".repeat(depth));
        Integer first = seen.get(n);
        String name = n.name().contains(":") ? "*" : n.name();
        if (first != null) {
            out.append("=").append(first).append(' ').append(name).append(use).append('\n');
            return;
        }
        seen.put(n, seen.size() + 1);
        out.append('#').append(seen.size()).append(' ').append(n.kind().json()).append(' ').append(name);
        n.trips().ifPresent(t -> out.append(" x ").append(t.text()));
        out.append(use).append('\n');
        for (Child c : n.children()) {
            shape(c.node(), uses(c), seen, out, depth + 1);
        }
    }

    private static String uses(Child c) {
        List<String> parts = new ArrayList<>();
        if (!c.use().inputs().isEmpty()) {
            parts.add("in " + c.use().inputs().stream().map(Object::toString).collect(Collectors.joining(",")));
        }
        if (!c.use().outputs().isEmpty()) {
            parts.add("out " + c.use().outputs().stream().map(Object::toString).collect(Collectors.joining(",")));
        }
        return parts.isEmpty() ? "" : "  [" + String.join("; ", parts) + "]";
    }
}
