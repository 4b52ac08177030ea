package lcm.dag;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Set;

import static lcm.dag.Dags.fixture;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@code lcm dag --format json} is the contract of DESIGN 10.1, to the key. */
class DagJsonTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final List<String> KEYS = List.of("kind", "name", "file", "line", "trips", "children");

    /** A node in the expected-JSON shorthand: kind, name, line, trips (or null), children. */
    private static String n(String kind, String name, int line, String trips, String... children) {
        return "{'kind':'" + kind + "','name':'" + name + "','file':'F','line':" + line + ",'trips':"
                + (trips == null ? "null" : "'" + trips + "'") + ",'children':[" + String.join(",", children) + "]}";
    }

    private static String ref(String name) {
        return "{'ref':'" + name + "'}";
    }

    @Test
    void dataParallelFftIsExactlyTheDocumentedJson() throws Exception {
        // the fragments' models are in the source: each penultimate node is a fragment whose
        // only child is its source span; the parallel loops keep their trip count
        String expected = "{'root':" + n("serial", "main", 7, null,
                n("fragment", "initialize_program", 29, null, n("leaf", "initialize_program:29-37", 29, null)),
                n("loop", "main:12", 12, "itors",
                        n("fragment", "initialize", 62, "n", n("leaf", "initialize:62-69", 62, null)),
                        n("fragment", "cffts", 83, "n", n("leaf", "cffts:83-132", 83, null)),
                        n("fragment", "transpose", 146, "n", n("leaf", "transpose:146-156", 146, null)),
                        ref("cffts")),
                n("fragment", "print_performance", 41, null, n("leaf", "print_performance:41-51", 41, null))) + "}";
        String file = fixture("fft2d/dp.f").toString();
        JsonNode want = JSON.readTree(expected.replace('\'', '"').replace("\"F\"", JSON.writeValueAsString(file)));
        JsonNode got = JSON.readTree(DagJson.render(Dags.clean(fixture("fft2d/dp.f"))));
        assertEquals(want, got);
    }

    @Test
    void everyNodeHasTheDocumentedKeysInOrderAndSharedNodesAreRefs() throws Exception {
        for (String f : List.of("fft2d/tp.f", "fft2d/dp.f", "fft2d/tp_omp.f90", "fft2d/dp_omp.f90")) {
            String text = DagJson.render(Dags.clean(fixture(f)));
            JsonNode tree = JSON.readTree(text);
            assertEquals(List.of("root"), fieldNames(tree), f);
            List<String> refs = new ArrayList<>();
            List<String> names = new ArrayList<>();
            walk(tree.get("root"), refs, names, f);
            assertEquals(List.of("cffts"), refs, f + ": the second cffts call is a ref");
            assertTrue(names.indexOf("cffts") >= 0 && names.stream().filter("cffts"::equals).count() == 1, f);
            assertTrue(text.endsWith("}\n"), "one JSON object and a newline");
        }
    }

    private static void walk(JsonNode node, List<String> refs, List<String> names, String f) {
        if (node.has("ref")) {
            assertEquals(List.of("ref"), fieldNames(node), f);
            assertTrue(names.contains(node.get("ref").asText()), "a ref follows the node's first, full use");
            refs.add(node.get("ref").asText());
            return;
        }
        assertEquals(KEYS, fieldNames(node), f + ": " + node);
        assertTrue(Set.of("serial", "parallel", "parallel-loop", "loop", "fragment", "leaf")
                .contains(node.get("kind").asText()), node.toString());
        assertTrue(node.get("line").isInt());
        assertTrue(node.get("file").isTextual());
        String kind = node.get("kind").asText();
        if (kind.equals("loop") || kind.equals("parallel-loop")) {
            assertTrue(node.get("trips").isTextual(), node.get("name") + " has a trip count");
        } else if (kind.equals("fragment")) {
            // a fragment made from a loop keeps its trip count, other fragments have none
            assertTrue(node.get("trips").isNull() || node.get("trips").isTextual(), node.toString());
        } else {
            assertTrue(node.get("trips").isNull(), node.get("name") + " trips must be null");
        }
        names.add(node.get("name").asText());
        for (JsonNode c : node.get("children")) {
            walk(c, refs, names, f);
        }
    }

    private static List<String> fieldNames(JsonNode node) {
        List<String> out = new ArrayList<>();
        for (Iterator<String> it = node.fieldNames(); it.hasNext(); ) {
            out.add(it.next());
        }
        return out;
    }
}
