package lcm.fortran;

import lcm.dag.Dag;
import lcm.dag.Dags;
import lcm.dag.Node;
import lcm.dag.NodeKind;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * The NAS-Parallel-Benchmark-style sources in {@code fixtures/npb/} (item 10): each parses
 * with no diagnostic at all and has the DAG its comments promise. A source says what it
 * expects in comment lines:
 * <pre>
 * c expect-dag: parallel-loop=15 loop=3        counts of distinct nodes by kind (kinds listed only)
 * c expect-node: makea serial(leaf, parallel-loop[n](leaf), leaf)
 * </pre>
 * The outline of {@code expect-node} is {@code kind[trips](children)}; a named child (a routine)
 * is written as its name, {@code ^name} where it appeared earlier in the same outline.
 */
class NpbFixturesTest {

    static Stream<Path> sources() throws IOException {
        try (Stream<Path> s = Files.list(Dags.fixture("npb"))) {
            return s.filter(p -> p.toString().endsWith(".f") || p.toString().endsWith(".f90")).sorted().toList().stream();
        }
    }

    @ParameterizedTest
    @MethodSource("sources")
    void parsesCleanAndHasTheExpectedDag(Path source) throws IOException {
        List<String> lines = Files.readAllLines(source);
        assertTrue(lines.size() >= 200, source + " is a real-sized source (200+ lines)");
        Dag dag = Dags.clean(source);
        List<String> dagLines = expectations(lines, "expect-dag:");
        List<String> nodeLines = expectations(lines, "expect-node:");
        assertEquals(1, dagLines.size(), "one expect-dag line in " + source);
        assertFalse(nodeLines.isEmpty(), "expect-node lines in " + source);
        Map<NodeKind, Integer> counts = Dags.kindCounts(dag);
        for (String item : dagLines.get(0).split("\\s+")) {
            String[] kv = item.split("=");
            NodeKind kind = kindOf(kv[0]);
            assertEquals(Integer.parseInt(kv[1]), counts.getOrDefault(kind, 0).intValue(),
                    source.getFileName() + ": number of " + kv[0] + " nodes");
        }
        for (String line : nodeLines) {
            int blank = line.indexOf(' ');
            String name = line.substring(0, blank);
            Node node = dag.nodes().stream().filter(n -> n.name().equals(name)).findFirst()
                    .orElseGet(() -> fail(source.getFileName() + ": no node named " + name));
            assertEquals(line.substring(blank + 1).strip(), Dags.outline(node), source.getFileName() + ": " + name);
        }
    }

    /** The text after {@code key} on comment lines ({@code c}, {@code !}, {@code *} first). */
    private static List<String> expectations(List<String> lines, String key) {
        List<String> out = new ArrayList<>();
        for (String l : lines) {
            String t = l.stripLeading();
            if (!t.isEmpty() && "cC!*".indexOf(t.charAt(0)) >= 0) {
                int at = t.indexOf(key);
                if (at > 0 && t.substring(1, at).isBlank()) {
                    out.add(t.substring(at + key.length()).strip());
                }
            }
        }
        return out;
    }

    private static NodeKind kindOf(String json) {
        for (NodeKind k : NodeKind.values()) {
            if (k.json().equals(json.toLowerCase(Locale.ROOT))) {
                return k;
            }
        }
        throw new IllegalArgumentException("unknown node kind in expect-dag: " + json);
    }
}
