package lcm.cli;

import lcm.TestRepo;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine.Command;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * What a user reads for the bad inputs and doubled messages of issue 24: each case with the exact
 * text printed and the exit code.
 */
class UserFacingMessagesTest {

    @TempDir
    Path tmp;

    /** A fixed-form program with one modelled loop and text past column 72 on line 7. */
    static final String CUT = """
                  program w
                  integer n, i
                  parameter (n = 64)
                  real a(n)
            c*lcm* model: pc = 4.0956e-7*n^2
                  do i = 1, n
                     a(i) = 0.0                                                     extra
                  end do
                  end
            """;

    private Path write(String name, String text) throws IOException {
        Path p = tmp.resolve(name);
        Files.writeString(p, text, StandardCharsets.ISO_8859_1);
        return p;
    }

    private static int count(String text, String part) {
        int n = 0;
        for (int i = text.indexOf(part); i >= 0; i = text.indexOf(part, i + 1)) {
            n++;
        }
        return n;
    }

    @Test
    void aModelFileWithPMinusZeroIsTheLocatedErrorOfPZero() throws IOException {
        Path f = write("F.lcm", "vars: p = -0\nmodel: pc = n^2\n");
        CliRun r = CliRun.of("compare", f.toString(), f.toString());
        assertEquals(2, r.code(), r.err());
        assertTrue(r.err().startsWith(f + ":1:1: division by zero: n^2 divided by an expression that is 0\n"), r.err());
        assertFalse(r.err().contains("internal error"), r.err());
    }

    @Test
    void aMeasuredInNameWithANulByteIsNoFileName() throws IOException {
        write("tp.f", "      program tp\n      end\n");
        Path f = write("dp.f", "c*lcm* measured-in: tp\u0000.f\n      program dp\nc*lcm* model: pc = n\n      x = 1\n      end\n");
        CliRun r = CliRun.of("compose", f.toString());
        assertEquals(2, r.code(), r.err());
        assertTrue(r.err().startsWith(f + ":1:8: measured-in file name 'tp\\x00.f' is not a file name\n"), r.err());
    }

    @Test
    void composeWarnsOnStderrOnceWithOneWarningPrefix() throws IOException {
        Path f = write("w.f", CUT);
        CliRun r = CliRun.of("compose", f.toString());
        assertEquals(0, r.code(), r.err());
        assertEquals(f + ":7:73: warning: text past column 72 is ignored; --line-length 132 reads it\n"
                + "           a(i) = 0.0                                                     extra\n"
                + "                                                                          ^\n", r.err());
        assertFalse(r.out().contains("warning"), r.out());
        CliRun json = CliRun.of("compose", f.toString(), "--format", "json");
        assertTrue(json.out().contains("\"warnings\" : [ \"" + f + ":7:73: text past column 72 is ignored; "
                + "--line-length 132 reads it\" ]"), json.out());
        assertEquals(1, count(json.err(), "text past column 72"), json.err());
    }

    @Test
    void compareOfAFileWithItselfWarnsOnce() throws IOException {
        Path f = write("w.f", CUT);
        CliRun r = CliRun.of("compare", f.toString(), f.toString());
        assertEquals(0, r.code(), r.err());
        assertEquals("lcm: warning: " + f + ":7:73: text past column 72 is ignored; --line-length 132 reads it\n",
                r.err());
        assertFalse(r.out().contains("warning"), r.out());
    }

    @Test
    void cliPageListsEveryCommand() throws IOException {
        String page = Files.readString(TestRepo.file("docs/cli.md"));
        for (Class<?> c : LcmCommand.COMMANDS) {
            String name = c.getAnnotation(Command.class).name();
            assertTrue(page.contains("| `lcm " + name), "docs/cli.md's command table lacks lcm " + name);
        }
        assertTrue(page.contains("lists the same " + LcmCommand.COMMANDS.size() + " commands"));
    }

    @Test
    void aSerialFragmentsPowerOfPIsFoldedOnOneProcessor() throws IOException {
        // serial code runs on one processor: p^2 becomes 1^2, printed as 1 (not 4.0956e-7*1^2*n)
        Path f = write("s.f", """
                      program s
                      integer n, i
                      real a(1000)
                c*lcm* model: pc = 4.0956e-7*p^2*n
                      do i = 1, n
                         a(i) = 0.0
                      end do
                      end
                """);
        CliRun r = CliRun.of("compose", f.toString());
        assertEquals(0, r.code(), r.err());
        assertTrue(r.out().startsWith("T_P(n, p) = 4.0956e-7*n\n"), r.out());
        assertTrue(r.out().contains("  ip  = 4.0956e-7*(p-1)*n\n"), r.out());
    }

    @Test
    void theCostlierBranchIsPrintedInCases() throws IOException {
        Path f = write("br.f", """
                      program br
                      integer n, k, m
                      real a(1000)
                      do k = 1, m
                         if (k .eq. 1) then
                c*lcm* model: pc = 4e-7*n^2*log(n)
                            call f1(a, n)
                         else
                c*lcm* model: pc = 2.01e-5*n^2
                            call f2(a, n)
                         end if
                      end do
                      end
                      subroutine f1(a, n)
                      integer n
                      real a(n)
                      a(1) = 0
                      end
                      subroutine f2(a, n)
                      integer n
                      real a(n)
                      a(1) = 1
                      end
                """);
        CliRun r = CliRun.of("compose", f.toString());
        assertEquals(0, r.code(), r.err());
        assertTrue(r.out().contains("""
                  pc  = if 2.01e-5*n^2 > 4e-7*n^2*log(n):  2.01e-5*m*n^2
                        otherwise:                         4e-7*m*n^2*log(n)
                """), r.out());
        assertFalse(r.out().contains("ceil("), r.out());
        CliRun json = CliRun.of("compose", f.toString(), "--format", "json");
        assertTrue(json.out().contains("min(1, ceil(max("), json.out()); // JSON keeps the formula that parses back
    }
}
