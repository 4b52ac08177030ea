package lcm.annotate;

import lcm.source.Diagnostic;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Annotate on sources that mark no fragment: every implicit fragment whose name is
 * {@code ROUTINE:LINE} is marked {@code fragment ROUTINE_LINE} ... {@code end fragment
 * ROUTINE_LINE} with its models before it, those without data too (with no model lines), in one
 * edit; afterwards the data's old tags ({@code work:10}) and the tags of runs measured after the
 * marking ({@code work_10}) both name the marked fragment, and are fitted together.
 */
class ImplicitFragmentMarkingTest {

    @TempDir
    Path dir;

    /** A serial stretch (t:3), a call, and in work a serial stretch (work:9) and a parallel loop (work:10). */
    static final String UNMARKED = unmarked();

    /** The program, shared with the CLI's tests (test resource lcm/unannotated/t.f of the grammar module). */
    static String unmarked() {
        try (java.io.InputStream in = ImplicitFragmentMarkingTest.class.getResourceAsStream("/lcm/unannotated/t.f")) {
            return new String(in.readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    private static final String MODELS = "c*lcm* model: pc = 0.0001*n^2\nc*lcm* model: li = 2e-5*n*(max(p, 1) - 1)\n";

    /** UNMARKED after annotate with Sources.data of work:9 and work:10 (16 runs each). */
    private static String marked() {
        String fitted = "c*lcm* fitted-on: n = 64:512, p = 1:8, runs = 16\n";
        return UNMARKED
                .replace("      n = 10\n", "c*lcm* fragment t_3\n      n = 10\nc*lcm* end fragment t_3\n")
                .replace("      x = 0\n", MODELS + fitted + "c*lcm* fragment work_9\n      x = 0\nc*lcm* end fragment work_9\n")
                .replace("!$omp parallel do\n", MODELS + fitted + "c*lcm* fragment work_10\n!$omp parallel do\n")
                .replace("!$omp end parallel do\n", "!$omp end parallel do\nc*lcm* end fragment work_10\n");
    }

    private static List<String> headlines(List<Diagnostic> ds) {
        return ds.stream().map(Diagnostic::headline).toList();
    }

    @Test
    void implicitFragmentsAreMarkedWithTheirModelsAndTheOnesWithoutDataWithout() {
        Path src = Sources.write(dir, "t.f", UNMARKED);
        Path data = Sources.write(dir, "d.pp", Sources.data("work:9", "work:10"));
        AnnotationPlan plan = Sources.annotate(data, src);
        assertEquals(marked(), Sources.read(src));
        assertEquals(List.of(src + ":3:7: warning: fragment 't:3' has no data in " + data
                + "; it is marked 'fragment t_3' with no model"), headlines(plan.warnings()));
        assertEquals(List.of("work_9", "work_10"), plan.fragments().stream().map(AnnotatedFragment::name).toList());
        assertEquals(List.of("work:9", "work:10"), plan.fragments().stream().map(AnnotatedFragment::tag).toList());
    }

    @Test
    void theOldTagsAndTheTagsOfLaterRunsBothNameTheMarkedFragment() {
        Path src = Sources.write(dir, "t.f", UNMARKED);
        Sources.annotate(Sources.write(dir, "old.pp", Sources.data("work:9", "work:10")), src);
        // the data measured before the marking: the same models, nothing to change
        AnnotationPlan again = Sources.plan(Sources.write(dir, "old.pp", Sources.data("work:9", "work:10")), src);
        assertFalse(again.changes(), again.diff());
        // runs measured after it carry the fragments' names
        AnnotationPlan later = Sources.plan(Sources.write(dir, "new.pp", Sources.data("work_9", "work_10")), src);
        assertFalse(later.changes(), later.diff());
        // both in one file: fitted together, 16 + 16 runs per fragment, and no warning of a tag named twice
        Path both = Sources.write(dir, "both.pp", Sources.data("work:9", "work:10", "work_9", "work_10"));
        AnnotationPlan merged = Sources.annotate(both, src);
        assertEquals(List.of(32, 32), merged.fragments().stream().map(AnnotatedFragment::points).toList());
        // the same models: the lines, and the fitted-on line that speaks of them, are kept
        assertEquals(marked(), Sources.read(src));
        assertEquals(List.of(src + ":3:8: warning: fragment 't_3' has no data in " + both + "; it has no model"),
                headlines(merged.warnings()));
        assertTrue(merged.notes().contains("tag 'work:10' is fragment 'work_10' (marked by lcm annotate from the "
                + "implicit fragment work:10)"), String.join("\n", merged.notes()));
    }

    @Test
    void aJavaParallelStreamAndSerialStretchAreMarkedAtTheirIndentation() {
        String java = String.join("\n",
                "import java.util.stream.IntStream;",
                "",
                "class Sq {",
                "    public static void main(String[] args) {",
                "        double[] a = new double[10];",
                "        work(a);",
                "    }",
                "",
                "    static void work(double[] a) {",
                "        a[0] = 1;",
                "        IntStream.range(0, a.length).parallel().forEach(i -> a[i] = i);",
                "    }",
                "}",
                "");
        Path src = Sources.write(dir, "Sq.java", java);
        // the stream's lambda is a leaf called work:11, so the parallel loop is work:11#2
        Path data = Sources.write(dir, "d.pp", Sources.data("main:5", "work:10", "work:11#2"));
        Sources.annotate(data, src);
        String models = "        //@lcm model: pc = 0.0001*n^2\n        //@lcm model: li = 2e-5*n*(max(p, 1) - 1)\n"
                + "        //@lcm fitted-on: n = 64:512, p = 1:8, runs = 16\n";
        assertEquals(java
                .replace("        double[] a", models + "        //@lcm fragment main_5\n        double[] a")
                .replace("        work(a);\n", "        //@lcm end fragment main_5\n        work(a);\n")
                .replace("        a[0] = 1;\n", models + "        //@lcm fragment work_10\n        a[0] = 1;\n"
                        + "        //@lcm end fragment work_10\n")
                .replace("        IntStream.range(0, a.length).parallel().forEach(i -> a[i] = i);\n", models
                        + "        //@lcm fragment work_11_2\n"
                        + "        IntStream.range(0, a.length).parallel().forEach(i -> a[i] = i);\n"
                        + "        //@lcm end fragment work_11_2\n"), Sources.read(src));
        assertFalse(Sources.plan(data, src).changes(), "the old tags name the marked fragments");
    }

    @Test
    void anImplicitWholeRoutineWithoutDataIsAWarningThatItWillBeNoFragment() {
        // leafy, called in a parallel loop, is a routine of serial code: an implicit fragment
        Path src = Sources.write(dir, "r.f", String.join("\n",
                "      program r",
                "      integer i",
                "      x = 1",
                "!$omp parallel do",
                "      do i = 1, 10",
                "         call leafy(i)",
                "      end do",
                "      end",
                "      subroutine leafy(i)",
                "      integer i",
                "      y = i",
                "      end",
                ""));
        AnnotationPlan plan = Sources.plan(Sources.write(dir, "d.pp", Sources.data("r:3")), src);
        assertEquals(List.of(src + ":9:7: warning: implicit fragment 'leafy' has no data: a whole routine is marked by "
                + "its model, so once the others are marked it is no fragment (its time is outside every fragment); "
                + "measure it too, or mark its statements with 'fragment NAME' lines"), headlines(plan.warnings()));
    }
}
