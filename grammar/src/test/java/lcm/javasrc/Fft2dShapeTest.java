package lcm.javasrc;

import lcm.dag.Child;
import lcm.dag.Dag;
import lcm.dag.Node;
import lcm.dag.NodeKind;
import lcm.frontend.StructureBuilder;
import lcm.fortran.FortranFrontend;
import lcm.source.Diagnostics;
import lcm.source.SourceRegistry;
import lcm.structure.ParsedFile;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The Java 2D FFT fixtures have the parallel structure of their Fortran twins (thesis Fig. 6.3 and 6.7). */
class Fft2dShapeTest {

    private static final Path FFT = lcm.TestRepo.root().resolve("fixtures/fft2d");

    private static Dag javaDag(String name, Diagnostics d) {
        ParsedFile f = lcm.dag.Dags.parse(new SourceRegistry(), FFT.resolve(name), d);
        return StructureBuilder.build(List.of(f), d);
    }

    private static Dag fortranDag(String name, Diagnostics d) {
        ParsedFile f = lcm.dag.Dags.parse(new SourceRegistry(), FFT.resolve(name), d);
        return StructureBuilder.build(List.of(f), d);
    }

    @Test
    void taskParallelJavaHasTheShapeOfTpF() {
        Diagnostics d = new Diagnostics();
        String java = JavaSources.shape(javaDag("Fft2dTp.java", d));
        String fortran = JavaSources.shape(fortranDag("tp.f", d));
        assertTrue(d.isEmpty(), () -> d.sorted().toString());
        // both give the second task all itors matrices (equal work)
        assertEquals(fortran, java);
    }

    @Test
    void dataParallelJavaHasTheShapeOfDpF() {
        Diagnostics d = new Diagnostics();
        String java = JavaSources.shape(javaDag("Fft2dDp.java", d));
        String fortran = JavaSources.shape(fortranDag("dp.f", d));
        assertTrue(d.isEmpty(), () -> d.sorted().toString());
        assertEquals(fortran, java);
    }

    @Test
    void taskParallelStructureNodeByNode() {
        Diagnostics d = new Diagnostics();
        Node root = javaDag("Fft2dTp.java", d).root();
        assertTrue(d.isEmpty(), () -> d.sorted().toString());
        assertEquals(NodeKind.SERIAL, root.kind());
        assertEquals("main", root.name());
        assertEquals(List.of("initialize_program", "parallel", "print_performance"),
                root.children().stream().map(c -> c.node().kind() == NodeKind.PARALLEL ? "parallel" : c.node().name()).toList());

        Node tasks = root.children().get(1).node();
        assertEquals(2, tasks.children().size());
        Node first = tasks.children().get(0).node();
        Node second = tasks.children().get(1).node();
        assertEquals(NodeKind.SERIAL, first.kind());
        assertEquals(NodeKind.SERIAL, second.kind());

        Node loop1 = only(first);
        Node loop2 = only(second);
        assertEquals(NodeKind.LOOP, loop1.kind());
        assertEquals("itors", loop1.trips().orElseThrow().text());
        assertEquals(NodeKind.LOOP, loop2.kind());
        assertEquals("itors", loop2.trips().orElseThrow().text(), "both tasks do all itors matrices");

        assertEquals(List.of("initialize", "cffts"), names(loop1));
        assertEquals(List.of("transpose", "cffts"), names(loop2));
        // each parallel loop carries its model, so it is a fragment (the loop is inside it)
        for (Child c : loop1.children()) {
            assertEquals(NodeKind.FRAGMENT, c.node().kind());
            assertEquals(5, c.node().model().size(), c.node().name());
        }
        assertEquals("n^2/102400",
                loop1.children().get(0).node().model().get(lcm.annotation.Category.PC).text());
        assertSame(loop1.children().get(1).node(), loop2.children().get(1).node(), "the two cffts calls share one node");
        assertEquals("a(k)", loop1.children().get(0).use().outputs().get(0).text());
        assertEquals("a(k)", loop2.children().get(0).use().inputs().get(0).text());
    }

    @Test
    void dataParallelStructureNodeByNode() {
        Diagnostics d = new Diagnostics();
        Dag dag = javaDag("Fft2dDp.java", d);
        assertTrue(d.isEmpty(), () -> d.sorted().toString());
        Node loop = dag.root().children().get(1).node();
        assertEquals(NodeKind.LOOP, loop.kind());
        assertEquals("itors", loop.trips().orElseThrow().text());
        assertEquals(List.of("initialize", "cffts", "transpose", "cffts"), names(loop));
        assertTrue(loop.children().stream().allMatch(c -> c.node().kind() == NodeKind.FRAGMENT));
        assertSame(loop.children().get(1).node(), loop.children().get(3).node());
        assertEquals("Fft2dTp.java", lcm.dag.Dags.parsed(FFT.resolve("Fft2dDp.java")).files().get(0).measuredIn().orElseThrow().path());
    }

    @Test
    void fixturesDeclareTheMatricesLikeTheFortran() {
        Diagnostics d = new Diagnostics();
        ParsedFile f = lcm.dag.Dags.parse(new SourceRegistry(), FFT.resolve("Fft2dTp.java"), d);
        var a = f.routines().stream().filter(r -> r.name().equals("main")).findFirst().orElseThrow().declarations().get("a");
        assertEquals("double", a.elementType());
        assertEquals(8, a.elementBytes().orElseThrow());
        assertEquals(List.of("n", "n", "2", "itors"), a.extents().stream().map(e -> e.orElseThrow().text()).toList());
    }

    private static Node only(Node n) {
        assertEquals(1, n.children().size(), () -> n + " has " + n.children());
        return n.children().get(0).node();
    }

    private static List<String> names(Node n) {
        return n.children().stream().map(c -> c.node().name()).toList();
    }
}
