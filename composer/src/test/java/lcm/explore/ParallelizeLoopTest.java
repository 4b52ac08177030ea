package lcm.explore;

import lcm.dag.DagText;
import lcm.dag.Execution;
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
 * parallelize-loop by hand. The program: a serial loop of 8 calls of w (pc = 3, serial code),
 * then a modelled serial loop (pc = 2n), both marked independent. At n = 100:
 * <ul>
 * <li>as it is, T_P = 8 * 3 + 2n = 224 s at every p (serial code on one processor);</li>
 * <li>the loop of w parallel: ceil(8/p) rounds of 3 s, 6 s at p = 4 (T_P = 206 s), 9 s at p = 3
 *     (T_P = 209 s, LI+ = (3 * 3 - 8) * 3 = 3 processor-seconds);</li>
 * <li>the modelled loop parallel: 2n/p, 50 s at p = 4 (T_P = 74 s);</li>
 * <li>both: 6 + 50 = 56 s at p = 4.</li>
 * </ul>
 */
class ParallelizeLoopTest {

    static final String FORTRAN = """
            program s
              integer i
              real a(100), b(8)
              !lcm$ independent
              do i = 1, 8
                !lcm$ output: b(i)
                call w(b(i))
              end do
              !lcm$ independent
              !lcm$ model: pc = 2*n
              do i = 1, 100
                a(i) = 1.0
              end do
            end program
            !lcm$ model: pc = 3
            subroutine w(x)
              real x
              x = 1.0
            end subroutine
            """;

    static final String JAVA = """
            class S {
                static double[] b = new double[8];

                public static void main(String[] args) {
                    //@lcm independent
                    for (int i = 0; i < 8; i++) {
                        //@lcm output: b[i]
                        w(i);
                    }
                }

                //@lcm model: pc = 3
                static void w(int i) {
                    b[i] = 1.0;
                }
            }
            """;

    @TempDir
    Path dir;

    final SourceRegistry sources = new SourceRegistry();

    Program program(String name, String text) {
        return SmallPrograms.read(dir, sources, name, text);
    }

    String tree(Program p) {
        return SmallPrograms.tree(dir, p);
    }

    private static double time(Program p, double n, double procs) {
        return SmallPrograms.time(p, Map.of("n", n, "p", procs));
    }

    @Test
    void aMarkedLoopBecomesAParallelLoopAndAModelledOneRunsOnAllProcessors() {
        Program p = program("s.f90", FORTRAN);
        List<Proposal> out = new ParallelizeLoop().propose(p, new ArrayList<>());
        assertEquals(List.of("parallelize-loop s:5 (s.f90:5)", "parallelize-loop s (s.f90:11)"),
                out.stream().map(x -> x.edit().label()).toList());
        assertEquals("the loop s:5 (s.f90:5) is marked independent (s.f90:4:9): its 8 iterations run at once over "
                + "the processors of its node, each on one (a static team)", out.get(0).edit().reason());
        assertEquals("""
                serial s#2                s.f90:1
                  parallel-loop s:5  x 8  s.f90:5   independent
                    fragment w            s.f90:16   output: b(i); model: pc = 3
                      leaf w:16-19        s.f90:16-19
                  fragment s  x 100       s.f90:11   independent; model: pc = 2*n
                    leaf s:11-13          s.f90:11-13
                """, tree(out.get(0).result()));
        assertEquals(Execution.PARALLEL, out.get(1).result().fragments().stream()
                .filter(f -> f.name().equals("s")).findFirst().orElseThrow().execution());
        assertEquals(224.0, time(p, 100, 4), 1e-9);
        assertEquals(206.0, time(out.get(0).result(), 100, 4), 1e-9);
        assertEquals(209.0, time(out.get(0).result(), 100, 3), 1e-9);
        assertEquals(74.0, time(out.get(1).result(), 100, 4), 1e-9);
    }

    @Test
    void theSearchFindsBothAndParallelizeThenSerializeIsTheProgramAsItIs() {
        Program p = program("s.f90", FORTRAN);
        Search.Result r = Search.run(p, 2, 1000, Long.MAX_VALUE, v -> 0);
        assertEquals(List.of("as it is", "parallelize-loop s:5 (s.f90:5)", "parallelize-loop s (s.f90:11)",
                "parallelize-loop s:5 (s.f90:5) + parallelize-loop s (s.f90:11)"),
                r.variants().stream().map(Variant::label).toList());
        assertEquals(56.0, time(r.variants().get(3).program(), 100, 4), 1e-9);
        // serialize-loop undoes each: the same structure as the program as it is
        for (int i = 1; i <= 2; i++) {
            Program parallel = r.variants().get(i).program();
            List<Proposal> back = new SerializeLoop().propose(parallel, new ArrayList<>());
            assertEquals(1, back.size());
            assertEquals(Signature.of(p), Signature.of(back.get(0).result()));
        }
    }

    /** In Java the loop becomes a parallel stream in the common pool: at the root a team of p, 6 s at p = 4. */
    @Test
    void javaLoopsRunInTheCommonPool() {
        Program p = program("S.java", JAVA);
        Proposal x = TransformationsTest.only(new ParallelizeLoop(), p);
        assertTrue(x.edit().reason().endsWith("(a parallel stream in the common pool)"), x.edit().reason());
        String tree = DagText.render(x.result().dag());
        assertTrue(tree.contains("pool (Java common pool): the parallel loop lcm explore proposes"), tree);
        assertEquals(24.0, time(p, 100, 4), 1e-9);
        assertEquals(6.0, time(x.result(), 100, 4), 1e-9);
    }

    @Test
    void refusedWhereTheAnnotationsContradictTheMark() {
        List<Refusal> refused = new ArrayList<>();
        Program whole = program("s.f90", FORTRAN.replace("!lcm$ output: b(i)", "!lcm$ output: b"));
        List<Proposal> out = new ParallelizeLoop().propose(whole, refused);
        assertEquals(List.of("parallelize-loop s (s.f90:11)"), out.stream().map(x -> x.edit().label()).toList());
        assertEquals(List.of("parallelize-loop s:5 (s.f90:5): it is marked independent (s.f90:4:9) but every "
                + "iteration writes all of b (output: b of the step at s.f90:7:5): write the part one iteration "
                + "writes (b(i)) if each writes its own"), refused.stream().map(Refusal::text).toList());
        refused.clear();
        Program sync = program("y.f90", FORTRAN.replace("!lcm$ output: b(i)", "!lcm$ sync: wait done(i)"));
        new ParallelizeLoop().propose(sync, refused);
        assertEquals(List.of("parallelize-loop s:5 (y.f90:5): it is marked independent (y.f90:4:9) but its "
                + "iterations post or wait (sync:): lcm keeps their order"), refused.stream().map(Refusal::text).toList());
    }

    /** Without the mark nothing is proposed and nothing is listed as refused (a time-step loop is not a refusal). */
    @Test
    void unmarkedLoopsAreLeftAlone() {
        List<Refusal> refused = new ArrayList<>();
        Program p = program("s.f90", FORTRAN.replace("!lcm$ independent\n", ""));
        assertEquals(List.of(), new ParallelizeLoop().propose(p, refused));
        assertEquals(List.of(), refused);
    }

    /** A fixed-form KSR loop, marked: the KSR variant of the program (a tile elsewhere in the file). */
    static final String KSR = """
                  program k
                  integer i, j
                  real a(100), b(8)
            c*ksr* tile(j)
                  do j = 1, 100
                     a(j) = 0.0
                  end do
            c*ksr* end tile
            c*lcm* independent
                  do i = 1, 8
            c*lcm*    output: b(i)
                     call w(b(i))
                  end do
                  end
            c*lcm* model: pc = 3
                  subroutine w(x)
                  real x
                  x = 1.0
                  end
            """;

    /**
     * OpenMP: the mark becomes {@code !$omp parallel do} and its end around the loop; the written
     * file, read again, composes to the variant's model (206 s and 74 s at n = 100, p = 4).
     */
    @Test
    void theDiffAddsTheDirectivesOfTheFilesDialectAndTheWrittenFileComposesAsTheVariant() throws IOException {
        Program p = program("s.f90", FORTRAN);
        List<Proposal> out = new ParallelizeLoop().propose(p, new ArrayList<>());
        Variant loop = new Variant(out.get(0).result(), List.of(out.get(0).edit()), "");
        String diff = new VariantSources(sources).diff(loop).orElseThrow();
        assertEquals("""
                @@ -1,11 +1,12 @@
                 program s
                   integer i
                   real a(100), b(8)
                -  !lcm$ independent
                +  !$omp parallel do
                   do i = 1, 8
                     !lcm$ output: b(i)
                     call w(b(i))
                   end do
                +  !$omp end parallel do
                   !lcm$ independent
                   !lcm$ model: pc = 2*n
                   do i = 1, 100
                """, diff.substring(diff.indexOf("@@")));
        Path folder = Files.createDirectories(dir.resolve("out"));
        for (int i = 0; i < 2; i++) {
            Variant v = new Variant(out.get(i).result(), List.of(out.get(i).edit()), "");
            Path written = new VariantSources(sources).write(v, folder).get(0);
            Program again = new ProgramReader(new SourceRegistry()).read(List.of(written)).orThrow();
            assertEquals(i == 0 ? 206.0 : 74.0, time(again, 100, 4), 1e-9);
        }
    }

    @Test
    void ksrFilesGetATile() {
        Program p = program("k.f", KSR);
        Proposal x = TransformationsTest.only(new ParallelizeLoop(), p);
        String diff = new VariantSources(sources).diff(new Variant(x.result(), List.of(x.edit()), "")).orElseThrow();
        assertTrue(diff.contains("""
                -c*lcm* independent
                +c*ksr* tile(i)
                       do i = 1, 8
                 c*lcm*    output: b(i)
                          call w(b(i))
                       end do
                +c*ksr* end tile
                """), diff);
    }

    /** Java needs new code (a parallel stream): described, not written. */
    @Test
    void javaIsDescribedNotWritten() {
        Program p = program("S.java", JAVA);
        Proposal x = TransformationsTest.only(new ParallelizeLoop(), p);
        assertTrue(new VariantSources(sources).diff(new Variant(x.result(), List.of(x.edit()), "")).isEmpty());
    }

    /** An HPF file gets HPF's own 'independent' directive, which makes the loop a parallel loop when read again. */
    @Test
    void hpfFilesGetTheirIndependentDirective() throws IOException {
        Program p = program("h.f90", FORTRAN.replace("real a(100), b(8)\n", "real a(100), b(8)\n  !hpf$ distribute a(block)\n"));
        Proposal x = new ParallelizeLoop().propose(p, new ArrayList<>()).get(0);
        Variant v = new Variant(x.result(), List.of(x.edit()), "");
        String diff = new VariantSources(sources).diff(v).orElseThrow();
        assertTrue(diff.contains("""
                -  !lcm$ independent
                +  !hpf$ independent
                   do i = 1, 8
                """), diff);
        Path written = new VariantSources(sources).write(v, Files.createDirectories(dir.resolve("out"))).get(0);
        Program again = new ProgramReader(new SourceRegistry()).read(List.of(written)).orThrow();
        assertEquals(206.0, time(again, 100, 4), 1e-9);
    }
}
