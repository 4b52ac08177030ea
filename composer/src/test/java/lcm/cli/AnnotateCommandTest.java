package lcm.cli;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@code lcm annotate} in-process: the report, --diff, located warnings and errors, exit codes, --forms. */
class AnnotateCommandTest {

    @TempDir
    Path dir;

    private static final String WORK = String.join("\n",
            "      program main",
            "      call work",
            "      end",
            "      subroutine work",
            "      integer i",
            "c*ksr* tile(i)",
            "      do i=1,10",
            "      end do",
            "c*ksr* end tile",
            "      end",
            "");

    private Path write(String name, String text) throws IOException {
        Path p = dir.resolve(name);
        Files.writeString(p, text);
        return p;
    }

    /**
     * Standard error without the fit's notes: li is 0 on one processor, so its point at p = 1 is
     * left out and 3 values of p remain, which the fit says in a note (docs/fitting.md).
     */
    private static String withoutNotes(String err) {
        return err.lines().filter(l -> !l.startsWith("lcm: note: ")).map(l -> l + "\n").collect(java.util.stream.Collectors.joining());
    }

    /** Exact data of fragment {@code tag}: pc = 0.0001*n^2, li = 2e-5*n*(max(p, 1) - 1). */
    private static String data(String tag) {
        StringBuilder s = new StringBuilder();
        for (int n : new int[] {64, 128, 256, 512}) {
            for (int p : new int[] {1, 2, 4, 8}) {
                s.append("tag=").append(tag).append(" n=").append(n).append(" p=").append(p).append(" pc=")
                        .append(1e-4 * n * n).append(" li=").append(2e-5 * n * (p - 1)).append('\n');
            }
        }
        return s.toString();
    }

    @Test
    void writesTheModelsAndReportsThem() throws IOException {
        Path src = write("work.f", WORK);
        Path pp = write("work.pp", data("work"));
        CliRun r = CliRun.of("annotate", src.toString(), "--data", pp.toString());
        assertEquals(0, r.code(), r.err());
        assertEquals("lcm: wrote " + src + "\n", withoutNotes(r.err()));
        String[] out = r.out().split("\n");
        assertEquals("work  " + src + ":6  16 observations of n, p; 2 model lines inserted", out[0]);
        assertTrue(out[1].startsWith("  c*lcm* model: pc = 0.0001*n^2 "), out[1]);
        assertTrue(out[1].endsWith("CV   0.0 %  (n)"), out[1]);
        // under each model its 90 % prediction interval at twice the largest n and p (exact data: no width)
        assertEquals("      At n = 1024, p = 16: 104.9 (90 % prediction interval 104.9 .. 104.9; extrapolated)", out[2]);
        assertTrue(out[3].endsWith("(product of n, p)"), out[3]);
        assertEquals(WORK.replace("c*ksr* tile(i)\n", "c*lcm* model: pc = 0.0001*n^2\nc*lcm* model: li = 2e-5*n*(max(p, 1) - 1)\n"
                + "c*lcm* fitted-on: n = 64:512, p = 1:8, runs = 16\nc*ksr* tile(i)\n"), Files.readString(src));

        CliRun again = CliRun.of("annotate", src.toString(), "--data", pp.toString());
        assertEquals(0, again.code());
        assertEquals("lcm: no changes: the sources hold these models already\n", withoutNotes(again.err()));
    }

    @Test
    void diffPrintsTheChangeAndWritesNothing() throws IOException {
        Path src = write("work.f", WORK);
        Path pp = write("work.pp", data("work"));
        CliRun r = CliRun.of("annotate", src.toString(), "--data", pp.toString(), "--diff");
        assertEquals(0, r.code(), r.err());
        assertEquals("--- " + src + "\n+++ " + src + "\n@@ -3,6 +3,9 @@\n"
                + "       end\n       subroutine work\n       integer i\n"
                + "+c*lcm* model: pc = 0.0001*n^2\n+c*lcm* model: li = 2e-5*n*(max(p, 1) - 1)\n"
                + "+c*lcm* fitted-on: n = 64:512, p = 1:8, runs = 16\n"
                + " c*ksr* tile(i)\n       do i=1,10\n       end do\n", r.out());
        assertEquals("", withoutNotes(r.err()));
        assertEquals(WORK, Files.readString(src), "--diff writes nothing");
    }

    @Test
    void warningsAreLocatedAndShowTheLine() throws IOException {
        Path src = write("work.f", WORK);
        Path pp = write("work.pp", data("work") + "tag=gone n=1 p=1 pc=1\n");
        CliRun r = CliRun.of("annotate", src.toString(), "--data", pp.toString(), "--diff");
        assertEquals(0, r.code(), r.err());
        assertEquals(pp + ":17:1: warning: tag 'gone' names no fragment of " + src + "; its measurement is not used\n"
                + "  tag=gone n=1 p=1 pc=1\n  ^\n", withoutNotes(r.err()));
    }

    @Test
    void anErrorIsLocatedExitsWith2AndWritesNothing() throws IOException {
        Path src = write("work.f", WORK.replace("c*ksr* tile(i)\n", "c*lcm* model: li = n*\nc*ksr* tile(i)\n"));
        String before = Files.readString(src);
        Path pp = write("work.pp", data("work"));
        CliRun r = CliRun.of("annotate", src.toString(), "--data", pp.toString());
        assertEquals(2, r.code());
        assertEquals(src + ":6:22: bad annotation: unexpected end of line, expecting an expression\n  c*lcm* model: li = n*\n"
                + "                       ^\n", r.err());
        assertFalse(r.err().contains("Exception"));
        assertEquals("", r.out());
        assertEquals(before, Files.readString(src));
    }

    @Test
    void dataThatNameNoFragmentExitWith2() throws IOException {
        Path src = write("work.f", WORK);
        Path pp = write("work.pp", data("other"));
        CliRun r = CliRun.of("annotate", src.toString(), "--data", pp.toString());
        assertEquals(2, r.code());
        assertEquals("lcm: " + pp + ": no tag of the data (other) names a fragment of " + src + "\n", r.err());
    }

    @Test
    void anImplicitFragmentWhoseNameIsTooLongForOneLineIsMarkedOnContinuedLines() throws IOException {
        // 'c*lcm* end fragment NAME_5' would end past column 72, where fixed form stops reading
        String name = "a" + "very".repeat(12) + "lng";
        Path src = write("t.f", String.join("\n",
                "      program t",
                "      call " + name,
                "      end",
                "      subroutine " + name,
                "      x = 1",
                "!$omp parallel do",
                "      do i = 1, 10",
                "         y = i",
                "      end do",
                "      end",
                ""));
        Path pp = write("t.pp", data(name + ":5") + data(name + ":6"));
        CliRun r = CliRun.of("annotate", src.toString(), "--data", pp.toString());
        assertEquals(0, r.code(), r.err());
        List<String> lines = Files.readAllLines(src);
        assertTrue(lines.stream().allMatch(l -> l.length() <= 72), String.join("\n", lines));
        int x = lines.indexOf("      x = 1");
        assertEquals(List.of("      x = 1", "c*lcm* end fragment &", "c*lcm* & " + name + "_5"), lines.subList(x, x + 3));
        assertTrue(lines.contains("c*lcm* fragment " + name + "_5"), String.join("\n", lines));
    }

    @Test
    void aFormsFileAddsCandidates() throws IOException {
        Path src = write("work.f", WORK);
        StringBuilder s = new StringBuilder();
        for (int n : new int[] {2, 3, 4, 6, 8}) {
            for (int p : new int[] {1, 2, 4}) {
                s.append("tag=work n=").append(n).append(" p=").append(p).append(" cl=").append(0.5 * Math.pow(n, 5)).append('\n');
            }
        }
        Path pp = write("work.pp", s.toString());
        Path forms = write("more.forms", "cl n: k1*n^5\n");
        CliRun r = CliRun.of("annotate", src.toString(), "--data", pp.toString(), "--forms", forms.toString(), "--diff");
        assertEquals(0, r.code(), r.err());
        assertTrue(r.out().contains("+c*lcm* model: cl = 0.5*n^5\n"), r.out());
    }
}
