package lcm.dag;

import lcm.annotation.DataItem;

import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Optional;

import static lcm.dag.Dags.at;
import static lcm.dag.Dags.edge;
import static lcm.dag.Dags.fixture;
import static lcm.dag.Dags.shape;
import static lcm.dag.Dags.texts;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The 2D FFT fixtures give the thesis' parallel structures: Fig. 6.3 for the task parallel
 * version (with the data annotations of Fig. 6.4 on the right edges) and Fig. 6.8 for the data
 * parallel one, from KSR fixed form and from OpenMP free form alike.
 */
class FftDagTest {

    // the penultimate nodes of Fig. 6.3 (2, 4, 7, 9 and 8/10) are the fragments: the fixtures carry
    // their models; the three loops are parallel loops with models, keeping their trip count n
    private static final String FIG_6_3 = "serial main("
            + "fragment initialize_program(leaf), "
            + "parallel("
            + "serial(loop[itors](fragment initialize[n](leaf), fragment cffts[n](leaf))), "
            + "serial(loop[itors](fragment transpose[n](leaf), ^cffts))), "
            + "fragment print_performance(leaf))";

    private static final String FIG_6_8 = "serial main("
            + "fragment initialize_program(leaf), "
            + "loop[itors](fragment initialize[n](leaf), fragment cffts[n](leaf), "
            + "fragment transpose[n](leaf), ^cffts), "
            + "fragment print_performance(leaf))";

    @Test
    void taskParallelKsrIsFigure63() {
        Dag dag = Dags.clean(fixture("fft2d/tp.f"));
        Node root = dag.root();
        // node 1: the program, a serial node over nodes 2, 3, 4
        assertEquals(NodeKind.SERIAL, root.kind());
        assertEquals("main", root.name());
        assertEquals(3, root.children().size());
        Node init = at(root, 0);
        Node sections = at(root, 1);
        Node print = at(root, 2);
        assertEquals("initialize_program", init.name());
        assertEquals(NodeKind.FRAGMENT, init.kind());
        assertEquals("print_performance", print.name());
        assertEquals(NodeKind.FRAGMENT, print.kind());
        // node 3: the parallel sections, two serial tasks (nodes 5 and 6)
        assertEquals(NodeKind.PARALLEL, sections.kind());
        assertEquals(12, sections.span().line());
        assertEquals(2, sections.children().size());
        Node task1 = at(sections, 0);
        Node task2 = at(sections, 1);
        assertEquals(NodeKind.SERIAL, task1.kind());
        assertEquals(NodeKind.SERIAL, task2.kind());
        assertEquals(13, task1.span().line());
        assertEquals(21, task2.span().line());
        Node loop1 = at(task1, 0);
        Node loop2 = at(task2, 0);
        assertEquals(NodeKind.LOOP, loop1.kind());
        assertEquals(NodeKind.LOOP, loop2.kind());
        assertEquals("itors", loop1.trips().orElseThrow().text());
        assertEquals("itors", loop2.trips().orElseThrow().text(), "both tasks over all matrices (docs/fft2d.md)");
        // nodes 7-10: parallel loops with models (fragments), 8 and 10 one shared node
        Node initialize = at(loop1, 0);
        Node cffts = at(loop1, 1);
        Node transpose = at(loop2, 0);
        assertSame(cffts, at(loop2, 1), "the two cffts calls share one node");
        for (Node pl : List.of(initialize, cffts, transpose)) {
            assertEquals(NodeKind.FRAGMENT, pl.kind(), pl.name());
            assertEquals("n", pl.trips().orElseThrow().text(), pl.name());
            assertEquals(5, pl.model().size(), pl.name());
        }
        assertEquals("initialize", initialize.name());
        assertEquals("cffts", cffts.name());
        assertEquals("transpose", transpose.name());
        assertEquals(68, initialize.span().line(), "the tile directive");
        assertEquals(89, cffts.span().line());
        assertEquals(152, transpose.span().line());
        assertEquals(FIG_6_3, shape(root));
        assertEquals(List.of(root, init, at(init, 0), sections, task1, loop1, initialize, at(initialize, 0), cffts,
                at(cffts, 0), task2, loop2, transpose, at(transpose, 0), print, at(print, 0)), dag.nodes());
    }

    @Test
    void dataAnnotationsLandOnTheEdgesOfFigure64() {
        Node root = Dags.clean(fixture("fft2d/tp.f")).root();
        // path: root -> parallel(1) -> task -> loop(0) -> call
        Use initialize = edge(root, 1, 0, 0, 0).use();
        Use cffts1 = edge(root, 1, 0, 0, 1).use();
        Use transpose = edge(root, 1, 1, 0, 0).use();
        Use cffts2 = edge(root, 1, 1, 0, 1).use();
        assertEquals(List.of(), texts(initialize.inputs()));
        assertEquals(List.of("a(k)"), texts(initialize.outputs()));
        assertEquals(List.of("a(k)"), texts(cffts1.inputs()));
        assertEquals(List.of("a(k)"), texts(cffts1.outputs()));
        assertEquals(List.of("a(k)"), texts(transpose.inputs()));
        assertEquals(List.of("a(k)"), texts(transpose.outputs()));
        assertEquals(List.of(), texts(cffts2.inputs()), "the second cffts call reads nothing by annotation");
        assertEquals(List.of("a(k)"), texts(cffts2.outputs()));
        // each use is where its call is written
        assertEquals(19, cffts1.at().line());
        assertEquals(27, cffts2.at().line());
        // the annotated calls see main's declaration of a, to size a(k)
        Storage a = cffts1.scope().get("a");
        assertEquals(1, a.defaultRealParts(), "real: one default REAL an element");
        assertEquals(Optional.empty(), a.elementBytes());
        assertEquals(List.of("n", "n", "2", "itors"), a.extents().stream().map(e -> e.orElseThrow().text()).toList());
        // uses without annotations carry none
        assertTrue(edge(root, 0).use().isPlain());
        assertTrue(edge(root, 1, 0).use().isPlain());
        assertEquals(new DataItem("A( k )"), cffts1.inputs().get(0), "items match by normalized text");
    }

    @Test
    void dataParallelKsrIsFigure68() {
        Dag dag = Dags.clean(fixture("fft2d/dp.f"));
        Node root = dag.root();
        assertEquals(FIG_6_8, shape(root));
        Node loop = at(root, 1);
        assertEquals(NodeKind.LOOP, loop.kind());
        assertEquals("itors", loop.trips().orElseThrow().text());
        assertEquals(4, loop.children().size());
        assertSame(at(loop, 1), at(loop, 3));
        assertEquals(List.of("initialize", "cffts", "transpose", "cffts"),
                loop.children().stream().map(c -> c.node().name()).toList());
        assertEquals(List.of("a(k)"), texts(edge(root, 1, 2).use().inputs()));
        assertEquals(List.of(), texts(edge(root, 1, 3).use().inputs()));
        // the models are the data parallel figures: dp.f is where they were measured, tp.f says so
        assertTrue(Dags.parsed(fixture("fft2d/dp.f")).files().get(0).measuredIn().isEmpty());
        assertEquals("dp.f", Dags.parsed(fixture("fft2d/tp.f")).files().get(0).measuredIn().orElseThrow().path());
    }

    @Test
    void openMpTaskParallelHasTheShapeOfTheKsrVersion() {
        Dag ksr = Dags.clean(fixture("fft2d/tp.f"));
        Dag omp = Dags.clean(fixture("fft2d/tp_omp.f90"));
        // both versions give the second task all itors matrices (equal work, the corrected 2D FFT)
        assertEquals(FIG_6_3, shape(omp.root()));
        assertEquals(shape(ksr.root()), shape(omp.root()));
        Node loop2 = at(omp.root(), 1, 1, 0);
        assertSame(at(loop2, 1), at(omp.root(), 1, 0, 0, 1));
        assertEquals(List.of("a(k)"), texts(edge(omp.root(), 1, 1, 0, 0).use().inputs()));
        assertEquals(List.of(), texts(edge(omp.root(), 1, 1, 0, 1).use().inputs()));
        assertEquals(21, at(omp.root(), 1).span().line(), "the parallel node is the !$omp parallel sections line");
    }

    @Test
    void openMpDataParallelHasTheShapeOfTheKsrVersion() {
        Dag ksr = Dags.clean(fixture("fft2d/dp.f"));
        Dag omp = Dags.clean(fixture("fft2d/dp_omp.f90"));
        assertEquals(FIG_6_8, shape(omp.root()));
        assertEquals(shape(ksr.root()), shape(omp.root()));
        assertEquals("tp_omp.f90", Dags.parsed(fixture("fft2d/dp_omp.f90")).files().get(0).measuredIn().orElseThrow().path());
    }

    @Test
    void bothVersionsTogetherAreTwoProgramsAndAnError() {
        Dags.Built b = Dags.build(fixture("fft2d/tp.f"), fixture("fft2d/dp.f"));
        assertTrue(b.diagnostics().stream().anyMatch(d -> d.message().startsWith("routine 'main' is defined twice")),
                b.diagnostics().toString());
    }
}
