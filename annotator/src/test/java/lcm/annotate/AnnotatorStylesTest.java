package lcm.annotate;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Model lines in the three comment styles: exactly the expected lines inserted before the
 * construct (the tile directive, the OpenMP directive, the stream statement), every other byte
 * kept (CRLF, a missing final newline, tabs), and a second run changes nothing.
 */
class AnnotatorStylesTest {

    @TempDir
    Path dir;

    private static final String FIXED_LINES = "c*lcm* model: pc = 0.0001*n^2\nc*lcm* model: li = 2e-5*n*p\n";

    private String annotateTwice(String name, String text) {
        Path data = Sources.write(dir, "work.pp", Sources.data("work"));
        Path src = Sources.write(dir, name, text);
        AnnotationPlan first = Sources.annotate(data, src);
        assertTrue(first.changes());
        byte[] once = Sources.bytes(src);
        AnnotationPlan second = Sources.annotate(data, src);
        assertFalse(second.changes(), "a second run changes nothing");
        assertEquals("", second.diff());
        assertArrayEquals(once, Sources.bytes(src), "a second run leaves the file byte-identical");
        return Sources.read(src);
    }

    @Test
    void fixedFormLinesGoBeforeTheTileDirectiveFromColumnOne() {
        String out = annotateTwice("work.f", Sources.FIXED);
        assertEquals(Sources.FIXED.replace("c*ksr* tile(i)\n", FIXED_LINES + "c*ksr* tile(i)\n"), out);
    }

    @Test
    void freeFormLinesGoBeforeTheOpenMpDirectiveIndentedLikeIt() {
        String out = annotateTwice("work.f90", Sources.FREE);
        String lines = "  !lcm$ model: pc = 0.0001*n^2\n  !lcm$ model: li = 2e-5*n*p\n";
        assertEquals(Sources.FREE.replace("  !$omp parallel do &\n", lines + "  !$omp parallel do &\n"), out);
    }

    @Test
    void javaLinesGoBeforeTheStreamStatementIndentedLikeIt() {
        String out = annotateTwice("Work.java", Sources.JAVA);
        String lines = "        //@lcm model: pc = 0.0001*n^2\n        //@lcm model: li = 2e-5*n*p\n";
        assertEquals(Sources.JAVA.replace("        IntStream", lines + "        IntStream"), out);
    }

    @Test
    void crlfFilesStayCrlf() {
        assertEquals(Sources.FIXED.replace("c*ksr* tile(i)\n", FIXED_LINES + "c*ksr* tile(i)\n").replace("\n", "\r\n"),
                annotateTwice("work.f", Sources.FIXED.replace("\n", "\r\n")));
        String java = annotateTwice("Work.java", Sources.JAVA.replace("\n", "\r\n"));
        assertEquals(Sources.JAVA.replace("        IntStream", "        //@lcm model: pc = 0.0001*n^2\n"
                + "        //@lcm model: li = 2e-5*n*p\n        IntStream").replace("\n", "\r\n"), java);
    }

    @Test
    void aFileWithoutFinalNewlineStaysSo() {
        String bare = Sources.FREE.substring(0, Sources.FREE.length() - 1);
        String out = annotateTwice("work.f90", bare);
        assertTrue(out.endsWith("end subroutine work"), out);
        String lines = "  !lcm$ model: pc = 0.0001*n^2\n  !lcm$ model: li = 2e-5*n*p\n";
        assertEquals(bare.replace("  !$omp parallel do &\n", lines + "  !$omp parallel do &\n"), out);
    }

    @Test
    void tabIndentationIsCopied() {
        String tabbed = Sources.JAVA.replace("        ", "\t\t").replace("    ", "\t");
        String out = annotateTwice("Work.java", tabbed);
        assertEquals(tabbed.replace("\t\tIntStream", "\t\t//@lcm model: pc = 0.0001*n^2\n\t\t//@lcm model: li = 2e-5*n*p\n"
                + "\t\tIntStream"), out);
    }

    @Test
    void earlierModelLinesAreReplacedWhereTheFirstOfThemWas() {
        String before = Sources.FIXED.replace("c*ksr* tile(i)\n", "C*LCM* model: rc = 5*p\n"
                + "c*lcm* input: a(k)\n" + "C*LCM*  model: { pc = 1, li = 2 }\n" + "c*ksr* tile(i)\n");
        String out = annotateTwice("work.f", before);
        assertEquals(Sources.FIXED.replace("c*ksr* tile(i)\n", "C*LCM* model: pc = 0.0001*n^2\n"
                + "C*LCM* model: li = 2e-5*n*p\n" + "c*lcm* input: a(k)\n" + "c*ksr* tile(i)\n"), out,
                "the lines keep the lead-in of the first one; the input: line stays");
    }

    @Test
    void aRoutineLevelModelGoesBeforeTheSubroutineStatement() {
        String src = Sources.FIXED.replace("      subroutine work\n      integer i\n", "      subroutine work\n"
                + "      integer i\n      call other\n").replace("      end\n", "      end\n") + "      subroutine other\n"
                + "      end\n";
        String out = annotateTwice("work.f", src);
        assertEquals(src.replace("c     the only fragment\n", "c     the only fragment\n" + FIXED_LINES), out);
    }

    @Test
    void aFragmentBlockGetsItsLinesBeforeItsFragmentLine() {
        // a call first: a fragment block that is all its routine holds is named after the routine
        String src = Sources.FIXED.replace("c*ksr* tile(i)\n", "      call other\nc*lcm* fragment work\nc*ksr* tile(i)\n")
                .replace("c*ksr* end tile\n", "c*ksr* end tile\nc*lcm* end fragment\n").replace("      call work\n",
                        "      call part\n").replace("subroutine work", "subroutine part") + "      subroutine other\n      end\n";
        String out = annotateTwice("work.f", src);
        assertEquals(src.replace("c*lcm* fragment work\n", FIXED_LINES + "c*lcm* fragment work\n"), out);
    }
}
