package lcm.explore;

import lcm.dag.NodeKind;
import lcm.dag.Program;
import lcm.frontend.ProgramReader;
import lcm.source.SourceRegistry;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * fuse-loops and split-loop by hand. Two OpenMP parallel loops of 100 iterations, one calling g
 * (pc = 2), one h (pc = 3), writing a and b. An unmodelled parallel loop is ceil(N/p) rounds of its
 * body, and lcm charges no loop start, end or barrier of its own: at p = 4, 25 * 2 + 25 * 3 = 125 s
 * as two loops and 25 * (2 + 3) = 125 s as one; at p = 3, 34 * 5 = 170 s either way.
 */
class FuseSplitLoopsTest {

    static final String TWO = """
            program f
              integer i
              real a(100), b(100)
              !lcm$ output: a
              !$omp parallel do
              do i = 1, 100
                call g(a(i))
              end do
              !$omp end parallel do
              !lcm$ output: b
              !$omp parallel do
              do i = 1, 100
                call h(b(i))
              end do
              !$omp end parallel do
            end program
            !lcm$ model: pc = 2
            subroutine g(x)
              real x
              x = 1.0
            end subroutine
            !lcm$ model: pc = 3
            subroutine h(x)
              real x
              x = 2.0
            end subroutine
            """;

    static final String ONE = """
            program f
              integer i
              real a(100), b(100)
              !$omp parallel do
              do i = 1, 100
                !lcm$ output: a
                call g(a(i))
                !lcm$ output: b
                call h(b(i))
              end do
              !$omp end parallel do
            end program
            """ + TWO.substring(TWO.indexOf("!lcm$ model: pc = 2"));

    @TempDir
    Path dir;

    final SourceRegistry sources = new SourceRegistry();

    Program program(String name, String text) {
        return SmallPrograms.read(dir, sources, name, text);
    }

    String tree(Program p) {
        return SmallPrograms.tree(dir, p);
    }

    private static double time(Program p, double procs) {
        return SmallPrograms.time(p, Map.of("p", procs));
    }

    @Test
    void twoLoopsBecomeOneAndComposeToTheSameTime() {
        Program p = program("f.f90", TWO);
        Proposal x = TransformationsTest.only(new FuseLoops(), p);
        assertEquals("fuse-loops f (f.f90:1)", x.edit().label());
        assertEquals("the parallel loops f:5 (f.f90:5) and f:11 (f.f90:11) each loop over i (100 trips) and share no "
                + "data by their input:/output: lines: one parallel loop runs both bodies, one loop start, end and "
                + "barrier fewer (not charged: see docs/explore.md)", x.edit().reason());
        assertEquals("""
                serial f                    f.f90:1
                  parallel-loop f:5  x 100  f.f90:5
                    fragment g              f.f90:18   output: a; model: pc = 2
                      leaf g:18-21          f.f90:18-21
                    fragment h              f.f90:23   output: b; model: pc = 3
                      leaf h:23-26          f.f90:23-26
                """, tree(x.result()));
        assertEquals(125.0, time(p, 4), 1e-9);
        assertEquals(125.0, time(x.result(), 4), 1e-9);
        assertEquals(170.0, time(p, 3), 1e-9);
        assertEquals(170.0, time(x.result(), 3), 1e-9);
    }

    /** The diff: the first loop's end and the second's start go; the data line stays, on h's call. */
    @Test
    void theFusedFileReadAgainIsTheFusedStructure() throws IOException {
        Program p = program("f.f90", TWO);
        Proposal x = TransformationsTest.only(new FuseLoops(), p);
        Variant v = new Variant(x.result(), List.of(x.edit()), Signature.of(x.result()));
        String diff = new VariantSources(sources).diff(v).orElseThrow();
        assertTrue(diff.contains("""
                     call g(a(i))
                -  end do
                -  !$omp end parallel do
                   !lcm$ output: b
                -  !$omp parallel do
                -  do i = 1, 100
                     call h(b(i))
                """), diff);
        Path written = new VariantSources(sources).write(v, Files.createDirectories(dir.resolve("out"))).get(0);
        Program again = new ProgramReader(new SourceRegistry()).read(List.of(written)).orThrow();
        assertEquals(1, again.dag().nodes().stream().filter(n -> n.kind() == NodeKind.PARALLEL_LOOP
                && n.children().size() == 2).count());
        assertEquals(125.0, time(again, 4), 1e-9);
    }

    @Test
    void splitIsFusesInverse() {
        Program p = program("f.f90", TWO);
        Program fused = TransformationsTest.only(new FuseLoops(), p).result();
        Proposal back = TransformationsTest.only(new SplitLoop(), fused);
        assertEquals(Signature.of(p), Signature.of(back.result()));
        Search.Result r = Search.run(p, 2, 1000, Long.MAX_VALUE, v -> 0);
        assertTrue(r.variants().stream().noneMatch(v -> v.edits().size() == 2
                && v.edits().get(1).name().equals(SplitLoop.NAME)), "fuse then split is the program as it is");
        assertTrue(r.variants().stream().map(Variant::label).toList().contains("fuse-loops f (f.f90:1)"));
    }

    /** One loop of two steps: two loops; the written file, read again, has them, at the same T_P. */
    @Test
    void oneLoopOfTwoStepsSplitsInTwo() throws IOException {
        Program p = program("one.f90", ONE);
        Proposal x = TransformationsTest.only(new SplitLoop(), p);
        assertEquals("steps 1-1 and 2-2 of the body of f (one.f90:4) share no data by their input:/output: lines: "
                + "two parallel loops over i, one after the other, one loop start, end and barrier more (not charged: "
                + "see docs/explore.md)", x.edit().reason());
        assertEquals(125.0, time(x.result(), 4), 1e-9);
        Variant v = new Variant(x.result(), List.of(x.edit()), Signature.of(x.result()));
        assertTrue(new VariantSources(sources).diff(v).orElseThrow().contains("""
                     call g(a(i))
                +  end do
                +  !$omp end parallel do
                +  !$omp parallel do
                +  do i = 1, 100
                     !lcm$ output: b
                     call h(b(i))
                """));
        Path written = new VariantSources(sources).write(v, Files.createDirectories(dir.resolve("out"))).get(0);
        Program again = new ProgramReader(new SourceRegistry()).read(List.of(written)).orThrow();
        assertEquals(125.0, time(again, 4), 1e-9);
        assertEquals(2, again.dag().nodes().stream().filter(n -> n.kind() == NodeKind.PARALLEL_LOOP).count());
    }

    @Test
    void refusedWhereTheLoopsShareData() {
        List<Refusal> refused = new ArrayList<>();
        Program shared = program("s.f90", TWO.replace("!lcm$ output: b", "!lcm$ input: a"));
        assertEquals(List.of(), new FuseLoops().propose(shared, refused));
        assertEquals(List.of("fuse-loops f:5 (s.f90:5): the loops f:5 and f:11 share a: one loop's iteration may use "
                + "what another iteration of the other writes"), refused.stream().map(Refusal::text).toList());
        refused.clear();
        Program one = program("t.f90", ONE.replace("!lcm$ output: b", "!lcm$ input: a"));
        assertEquals(List.of(), new SplitLoop().propose(one, refused));
        assertEquals(List.of("split-loop f (t.f90:4): every split of its body shares data between the parts: a "
                + "(after step 1)"), refused.stream().map(Refusal::text).toList());
    }
}
