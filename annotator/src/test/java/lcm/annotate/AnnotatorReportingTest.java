package lcm.annotate;

import lcm.source.Diagnostic;
import lcm.source.UserError;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;

/**
 * What annotate reports: a tag that names no fragment and a fragment with no data are warnings
 * located at the data line and at the fragment; data that name no fragment at all is an error.
 * And {@code unit:line} tags still find their fragments after models were written above them.
 */
class AnnotatorReportingTest {

    @TempDir
    Path dir;

    /** work's tile loop and a second routine 'other' whose loop has a model already. */
    private static final String TWO = Sources.FIXED.replace("      call work\n", "      call work\n      call other\n")
            + "      subroutine other\n"
            + "      integer j\n"
            + "c*lcm* model: pc = 1\n"
            + "c*ksr* tile(j)\n"
            + "      do j=1,10\n"
            + "      end do\n"
            + "c*ksr* end tile\n"
            + "      end\n";

    private static List<String> headlines(List<Diagnostic> ds) {
        return ds.stream().map(Diagnostic::headline).toList();
    }

    @Test
    void aTagWithNoFragmentAndAFragmentWithNoDataAreWarnings() {
        Path data = Sources.write(dir, "d.pp", Sources.data("work", "nosuch"));
        Path src = Sources.write(dir, "two.f", TWO);
        AnnotationPlan plan = Sources.plan(data, src);
        assertEquals(List.of(
                data + ":18:1: warning: tag 'nosuch' names no fragment of " + src + "; its 16 measurements are not used",
                src + ":17:8: warning: fragment 'other' has no data in " + data + "; its model lines are left as they are"),
                headlines(plan.warnings()));
        assertEquals(1, plan.fragments().size());
        assertEquals("work", plan.fragments().get(0).name());
    }

    @Test
    void untaggedMeasurementsAreAWarning() {
        Path data = Sources.write(dir, "d.pp", Sources.data("work") + "n=1 p=1 pc=2\n");
        Path src = Sources.write(dir, "work.f", Sources.FIXED);
        assertEquals(List.of(data + ":18:1: warning: 1 measurement has no tag= naming a fragment; not used"),
                headlines(Sources.plan(data, src).warnings()));
    }

    @Test
    void dataThatNameNoFragmentAreAnError() {
        Path data = Sources.write(dir, "d.pp", Sources.data("nosuch"));
        Path src = Sources.write(dir, "two.f", TWO);
        UserError e = assertThrows(UserError.class, () -> Sources.plan(data, src));
        assertEquals("lcm: " + data + ": no tag of the data (nosuch) names a fragment of " + src + " (fragments: other)",
                e.diagnostics().get(0).headline());
    }

    @Test
    void unitLineTagsFindTheirFragmentsAgainAfterModelsWereWrittenAboveThem() {
        String src = String.join("\n",
                "      subroutine work",
                "      integer i",
                "c*ksr* tile(i)",
                "      do i=1,10",
                "      end do",
                "c*ksr* end tile",
                "c*ksr* tile(i)",
                "      do i=1,10",
                "      end do",
                "c*ksr* end tile",
                "      end",
                "");
        Path file = Sources.write(dir, "work.f", src);
        Path data = Sources.write(dir, "d.pp", Sources.data("work:3", "work:7"));
        AnnotationPlan first = Sources.annotate(data, file);
        assertEquals(List.of("work:3", "work:7"), first.fragments().stream().map(AnnotatedFragment::name).toList());
        AnnotationPlan second = Sources.annotate(data, file);
        assertFalse(second.changes());
        assertEquals(List.of("work:6", "work:13"), second.fragments().stream().map(AnnotatedFragment::name).toList(),
                "the fragments now start 3 and 6 lines lower (two model lines and a fitted-on line above each)");
        assertEquals(List.of(), second.warnings());
    }
}
