package lcm.dag;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static lcm.dag.Dags.fixture;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The thesis' rule where the sources mark no fragment: the penultimate nodes (a parallel loop,
 * a single block) and the serial stretches beside other nodes are the fragments, in source
 * order, each once (conj_grad, called twice, is one shared node); lcm dag marks them.
 */
class ImplicitFragmentsTest {

    @TempDir
    Path dir;

    @Test
    void npbCgUnannotatedHasEveryLoopAndSerialStretchAsAFragment() {
        Dag dag = Dags.clean(fixture("npb/cg.f"));
        assertTrue(dag.implicitFragments());
        List<String> names = dag.fragments().stream().map(Node::name).toList();
        assertEquals(List.of("cg:52", "makea:304", "makea:306", "makea:312", "cg:95", "cg:104", "cg:109", "cg:119",
                "conj_grad:226", "conj_grad:230", "conj_grad:238", "conj_grad:245", "conj_grad:250", "conj_grad:259",
                "conj_grad:264", "conj_grad:268", "conj_grad:275", "conj_grad:276", "conj_grad:281", "conj_grad:286",
                "cg:126", "cg:128", "cg:135", "cg:136", "cg:143", "cg:151", "cg:153", "cg:160", "cg:166", "cg:173"),
                names);
        // the kinds stay: the inner !$omp do loops of the big region are parallel loops, the single a serial node
        Node loop = dag.fragments().get(9);
        assertEquals(NodeKind.PARALLEL_LOOP, loop.kind());
        assertEquals(230, loop.span().line());
        assertEquals(NodeKind.SERIAL, dag.fragments().get(11).kind());
        assertEquals(NodeKind.LEAF, dag.fragments().get(0).kind());
        assertTrue(dag.markedFragments().isEmpty());
    }

    @Test
    void markedFragmentsTurnTheRuleOff() {
        Dag dag = Dags.clean(fixture("fft2d/tp.f"));
        assertFalse(dag.implicitFragments());
        assertEquals(dag.markedFragments(), dag.fragments());
        assertFalse(DagText.render(dag).contains("implicit fragment"));
        assertFalse(DagJson.render(dag).contains("\"fragment\" : \"implicit\""));
    }

    @Test
    void textAndJsonMarkTheImplicitFragments() throws Exception {
        Path f = dir.resolve("small.f90");
        Files.writeString(f, """
                program small
                  implicit none
                  integer :: i
                  real :: a(100)
                  a = 0
                  !$omp parallel do
                  do i = 1, 100
                    a(i) = i
                  end do
                  !$omp end parallel do
                  print *, sum(a)
                end program small
                """);
        Dag dag = Dags.clean(f);
        String text = DagText.render(dag);
        assertTrue(text.contains("leaf small:5") && text.contains("implicit fragment (serial stretch)"), text);
        assertTrue(text.matches("(?s).*parallel-loop small:6  x 100 .*small.f90:6   implicit fragment\n.*"), text);
        assertEquals(3, text.lines().filter(l -> l.contains("implicit fragment")).count(), text);
        JsonNode root = new ObjectMapper().readTree(DagJson.render(dag)).get("root");
        List<String> marked = new ArrayList<>();
        for (JsonNode child : root.get("children")) {
            if ("implicit".equals(child.path("fragment").asText())) {
                marked.add(child.get("name").asText());
            }
        }
        assertEquals(List.of("small:5", "small:6", "small:11"), marked);
        assertFalse(root.has("fragment"), "the program node is no fragment");
    }
}
