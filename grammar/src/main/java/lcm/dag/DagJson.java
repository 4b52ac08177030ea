package lcm.dag;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import java.util.IdentityHashMap;
import java.util.Map;
import java.util.Set;

/**
 * {@code lcm dag --format json} (docs/design.md#json-contract): {@code {"root": NODE}}, NODE =
 * {@code {"kind", "name", "file", "line", "trips", "children"}}, with {@code "fragment": "implicit"}
 * on the nodes that are fragments by the thesis' rule (the sources mark none); a shared node
 * appears in full at its first use and as {@code {"ref": name}} after.
 */
public final class DagJson {

    private static final ObjectMapper MAPPER = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    private DagJson() {
    }

    public static ObjectNode tree(Dag dag) {
        ObjectNode root = MAPPER.createObjectNode();
        root.set("root", node(dag, dag.root(), new IdentityHashMap<>(), DagText.implicitFragments(dag)));
        return root;
    }

    public static String render(Dag dag) {
        try {
            return MAPPER.writeValueAsString(tree(dag)) + "\n";
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }

    private static ObjectNode node(Dag dag, Node n, Map<Node, Boolean> seen, Set<Node> implicit) {
        ObjectNode o = MAPPER.createObjectNode();
        if (seen.containsKey(n)) {
            o.put("ref", n.name());
            return o;
        }
        seen.put(n, Boolean.TRUE);
        o.put("kind", n.kind().json());
        o.put("name", n.name());
        o.put("file", n.span().file().toString());
        o.put("line", n.span().line());
        if (n.trips().isPresent()) {
            o.put("trips", n.trips().get().text());
        } else {
            o.putNull("trips");
        }
        if (implicit.contains(n)) {
            o.put("fragment", "implicit"); // the sources mark no fragment: this node is one by the thesis' rule
        }
        if (dag.schedules().containsKey(n)) { // a construct whose runtime lcm knows (static teams otherwise)
            Scheduling s = dag.scheduling(n);
            ObjectNode schedule = o.putObject("schedule"); // how the runtime runs the construct (docs/composition.md)
            schedule.put("model", s.isPool() ? "pool" : "team");
            schedule.put("runtime", s.runtime());
            s.workers().ifPresent(w -> schedule.put("workers", w.text()));
            schedule.put("why", s.why());
        }
        ArrayNode children = o.putArray("children");
        for (Child c : n.children()) {
            ObjectNode child = node(dag, c.node(), seen, implicit);
            if (!c.use().arguments().isEmpty()) {
                ObjectNode bound = child.putObject("arguments"); // this call's binding of the callee's dummies
                c.use().arguments().forEach(b -> bound.put(b.name(), b.value().text()));
            }
            if (c.use().independent().isPresent()) {
                child.put("independent", true); // its iterations are marked independent: explore may parallelize it
            }
            children.add(child);
        }
        return o;
    }
}
