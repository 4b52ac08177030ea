package lcm.frontend;

import lcm.antlr.Parsed;
import lcm.dag.Child;
import lcm.dag.Dag;
import lcm.dag.DagJson;
import lcm.dag.DagText;
import lcm.dag.Node;
import lcm.dag.NodeKind;
import lcm.dag.Program;
import lcm.source.DiagnosticRenderer;
import lcm.source.SourceRegistry;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The {@code independent} mark (docs/annotations.md): before a serial loop, in both front ends,
 * it reaches the DAG on the loop's use, where it was written, and leaves the loop serial; a loop
 * of plain statements it marks is a node of its own (not merged into a leaf); written anywhere
 * else it is a located error.
 */
class IndependentMarkTest {

    @TempDir
    Path dir;

    private Parsed<Program> read(String name, String text) throws IOException {
        Path file = dir.resolve(name);
        Files.writeString(file, text);
        return new ProgramReader(new SourceRegistry()).read(List.of(file));
    }

    /** The edge to the only loop of the DAG. */
    private static Child loopEdge(Dag dag) {
        for (Node n : dag.nodes()) {
            for (Child c : n.children()) {
                if (c.node().kind() == NodeKind.LOOP || c.node().kind() == NodeKind.PARALLEL_LOOP) {
                    return c;
                }
            }
        }
        throw new AssertionError("no loop");
    }

    private void marked(String name, String text, int line, int column) throws IOException {
        Parsed<Program> p = read(name, text);
        assertTrue(p.isOk(), () -> p.problems().toString());
        Child loop = loopEdge(p.value().get().dag());
        assertEquals(NodeKind.LOOP, loop.node().kind(), "the mark leaves the loop serial");
        assertEquals("8", loop.node().trips().orElseThrow().text());
        assertTrue(loop.use().independent().isPresent());
        assertEquals(line, loop.use().independent().get().line());
        assertEquals(column, loop.use().independent().get().column());
        assertFalse(loop.use().isPlain());
        Dag dag = p.value().get().dag();
        assertTrue(DagText.render(dag).contains("independent"), DagText.render(dag));
        assertEquals(1, DagJson.tree(dag).findValues("independent").size());
        assertTrue(DagJson.tree(dag).findValue("independent").asBoolean());
    }

    @Test
    void fixedFormFortran() throws IOException {
        marked("t.f", """
                      program main
                c*lcm* independent
                      do i = 1, 8
                         a(i) = 2*b(i)
                      end do
                      end
                """, 2, 8);
    }

    @Test
    void freeFormFortran() throws IOException {
        marked("t.f90", """
                program main
                  !lcm$ independent
                  do i = 1, 8
                    a(i) = 2*b(i)
                  end do
                end program
                """, 2, 9);
    }

    @Test
    void java() throws IOException {
        marked("T.java", """
                class T {
                    public static void main(String[] args) {
                        double[] a = new double[8];
                        //@lcm independent
                        for (int i = 0; i < 8; i++) {
                            a[i] = 2 * i;
                        }
                    }
                }
                """, 4, 16);
    }

    @Test
    void anUnmarkedLoopOfPlainStatementsStaysInALeaf() throws IOException {
        Parsed<Program> p = read("t.f", """
                      program main
                      do i = 1, 8
                         a(i) = 2*b(i)
                      end do
                      end
                """);
        assertTrue(p.value().get().dag().nodes().stream().noneMatch(n -> n.kind() == NodeKind.LOOP));
    }

    private String errors(String name, String text) throws IOException {
        Path file = dir.resolve(name);
        Files.writeString(file, text);
        SourceRegistry sources = new SourceRegistry();
        Parsed<Program> p = new ProgramReader(sources).read(List.of(file));
        assertFalse(p.isOk());
        return new DiagnosticRenderer(sources).render(p.problems().stream().sorted(lcm.source.Diagnostic.BY_POSITION).toList())
                .replace(dir.toString() + "/", "");
    }

    @Test
    void beforeACallIsAnErrorWithACaret() throws IOException {
        assertEquals("""
                t.f:2:8: 'independent' cannot attach to the call of 'work'; it marks a serial loop whose \
                iterations touch no data another iteration writes, and belongs just before that loop
                  c*lcm* independent
                         ^
                """, errors("t.f", """
                      program main
                c*lcm* independent
                      call work
                      end
                      subroutine work
                      x = 1
                      end
                """));
    }

    @Test
    void beforeAParallelLoopIsAnError() throws IOException {
        String out = errors("t.f", """
                      program main
                c*lcm* independent
                !$omp parallel do
                      do i = 1, 8
                         a(i) = 2*b(i)
                      end do
                      end
                """);
        assertTrue(out.startsWith("t.f:2:8: 'independent' cannot attach to a parallel loop, which runs in "
                + "parallel already;"), out);
    }

    @Test
    void insideAFragmentBlockIsAnError() throws IOException {
        String out = errors("T.java", """
                class T {
                    public static void main(String[] args) {
                        double[] a = new double[8];
                        //@lcm fragment fill
                        //@lcm independent
                        for (int i = 0; i < 8; i++) {
                            a[i] = 2 * i;
                        }
                        //@lcm end fragment
                    }
                }
                """);
        assertTrue(out.startsWith("T.java:5:16: 'independent' cannot attach to a loop inside the fragment "
                + "'fill' (line 4), which composition takes whole;"), out);
    }

    /** The mark is an annotation word like any other: a misspelt one lists it among the kinds. */
    @Test
    void theUnknownAnnotationErrorListsIt() throws IOException {
        String out = errors("t.f", """
                      program main
                c*lcm* independant
                      do i = 1, 8
                         a(i) = 2*b(i)
                      end do
                      end
                """);
        assertTrue(out.contains("iterations:, recursion:, pool:, independent, probability:"), out);
    }
}
