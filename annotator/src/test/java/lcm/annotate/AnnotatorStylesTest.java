package lcm.annotate;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Model lines in the three comment styles: exactly the expected lines inserted before the
 * construct (the tile directive, the OpenMP directive, the stream statement) or in place of
 * earlier model lines, every other byte kept (LF or CRLF, a missing final newline, tabs), and
 * a second run changes nothing.
 */
class AnnotatorStylesTest {

    @TempDir
    Path dir;

    /** A small program, the line the models go before, and the lines expected there. */
    record Style(String file, String source, String anchor, String models, String fitted) {
        @Override
        public String toString() {
            return file;
        }

        /** The model lines, then the fitted-on line. */
        String lines() {
            return models + fitted;
        }
    }

    /** The ranges of {@link Sources#data}: 16 lines outside runs, each a run of its own. */
    static final String FITTED = "fitted-on: n = 64:512, p = 1:8, runs = 16\n";

    static final Style FIXED = new Style("work.f", Sources.FIXED, "c*ksr* tile(i)\n",
            "c*lcm* model: pc = 0.0001*n^2\nc*lcm* model: li = 2e-5*n*(max(p, 1) - 1)\n", "c*lcm* " + FITTED);
    static final Style FREE = new Style("work.f90", Sources.FREE, "  !$omp parallel do &\n",
            "  !lcm$ model: pc = 0.0001*n^2\n  !lcm$ model: li = 2e-5*n*(max(p, 1) - 1)\n", "  !lcm$ " + FITTED);
    static final Style JAVA = new Style("Work.java", Sources.JAVA, "        IntStream",
            "        //@lcm model: pc = 0.0001*n^2\n        //@lcm model: li = 2e-5*n*(max(p, 1) - 1)\n", "        //@lcm " + FITTED);

    static Stream<Arguments> variants() {
        List<Arguments> out = new ArrayList<>();
        for (Style s : List.of(FIXED, FREE, JAVA)) {
            for (String newline : List.of("\n", "\r\n")) {
                for (boolean finalNewline : List.of(true, false)) {
                    out.add(Arguments.of(s, newline, finalNewline));
                }
            }
        }
        return out.stream();
    }

    /** Annotates {@code text}, checks a second run changes nothing, returns the annotated text. */
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

    private static String shaped(String lf, String newline, boolean finalNewline) {
        String t = lf.replace("\n", newline);
        return finalNewline ? t : t.substring(0, t.length() - newline.length());
    }

    @ParameterizedTest(name = "{0}, {1}, final newline {2}")
    @MethodSource("variants")
    void onlyModelLinesAreInsertedAndASecondRunChangesNothing(Style s, String newline, boolean finalNewline) {
        String before = shaped(s.source(), newline, finalNewline);
        String expected = shaped(s.source().replace(s.anchor(), s.lines() + s.anchor()), newline, finalNewline);
        assertEquals(expected, annotateTwice(s.file(), before));
    }

    @ParameterizedTest(name = "{0}, {1}, final newline {2}")
    @MethodSource("variants")
    void earlierModelLinesAreReplacedWhereTheFirstOfThemWas(Style s, String newline, boolean finalNewline) {
        String lead = s.lines().substring(0, s.lines().indexOf("model:"));
        String old = lead + "model: rc = 5*p\n" + lead + "input: a\n" + lead + "model: { pc = 1, li = 2 }\n";
        String before = shaped(s.source().replace(s.anchor(), old + s.anchor()), newline, finalNewline);
        // the data hold no rc: its line is kept as written (never deleted because the data lack it)
        String expected = shaped(s.source().replace(s.anchor(), s.models() + lead + "model: rc = 5*p\n" + s.fitted() + lead
                + "input: a\n" + s.anchor()), newline, finalNewline);
        assertEquals(expected, annotateTwice(s.file(), before));
    }

    @Test
    void theLeadInOfTheFirstOldLineIsKept() {
        String before = Sources.FIXED.replace(FIXED.anchor(), "C*LCM*   model: rc = 5*p\n" + FIXED.anchor());
        assertEquals(Sources.FIXED.replace(FIXED.anchor(), "C*LCM*   model: pc = 0.0001*n^2\nC*LCM*   model: li = 2e-5*n*(max(p, 1) - 1)\n"
                + "C*LCM*   model: rc = 5*p\nC*LCM*   " + FITTED + FIXED.anchor()), annotateTwice("work.f", before));
    }

    @Test
    void tabIndentationIsCopied() {
        String tabbed = Sources.JAVA.replace("        ", "\t\t").replace("    ", "\t");
        String out = annotateTwice("Work.java", tabbed);
        assertEquals(tabbed.replace("\t\tIntStream", "\t\t//@lcm model: pc = 0.0001*n^2\n\t\t//@lcm model: li = 2e-5*n*(max(p, 1) - 1)\n"
                + "\t\t//@lcm " + FITTED + "\t\tIntStream"), out);
    }

    @Test
    void aRoutineLevelModelGoesBeforeTheSubroutineStatement() {
        String src = Sources.FIXED.replace("      subroutine work\n      integer i\n", "      subroutine work\n"
                + "      integer i\n      call other\n") + "      subroutine other\n      end\n";
        String out = annotateTwice("work.f", src);
        assertEquals(src.replace("c     the only fragment\n", "c     the only fragment\n" + FIXED.lines()), out);
    }

    @Test
    void aRoutineLevelModelGoesBeforeTheJavaMethod() {
        String src = Sources.JAVA.replace("            System.out.println(i);\n", "            System.out.println(i);\n"
                + "        });\n        IntStream.range(0, 10).parallel().forEach(i -> {\n");
        String out = annotateTwice("Work.java", src);
        assertEquals(src.replace("    static void work() {\n", "    //@lcm model: pc = 0.0001*n^2\n"
                + "    //@lcm model: li = 2e-5*n*(max(p, 1) - 1)\n    //@lcm " + FITTED + "    static void work() {\n"), out);
    }

    @Test
    void aFragmentBlockGetsItsLinesBeforeItsFragmentLine() {
        // a call first: a fragment block that is all its routine holds is named after the routine
        String src = Sources.FIXED.replace("c*ksr* tile(i)\n", "      call other\nc*lcm* fragment work\nc*ksr* tile(i)\n")
                .replace("c*ksr* end tile\n", "c*ksr* end tile\nc*lcm* end fragment\n").replace("      call work\n",
                        "      call part\n").replace("subroutine work", "subroutine part") + "      subroutine other\n      end\n";
        String out = annotateTwice("work.f", src);
        assertEquals(src.replace("c*lcm* fragment work\n", FIXED.lines() + "c*lcm* fragment work\n"), out);
    }
}
