package lcm.fortran;

import lcm.dag.Dags;
import lcm.dag.Node;
import lcm.dag.NodeKind;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The front end hands a file's lines to the structure builder in parts of 8,192 logical lines
 * as they are read. A construct open across the end of a part, and a statement cut at the line
 * length in a later part, read as they do in a small file.
 */
class FileInPartsTest {

    private static final String STMT = "      x = x + 1.0\n";

    @Test
    void aLoopAcrossTwoPartsAndACutStatementInTheThirdReadAsInOnePart() {
        StringBuilder src = new StringBuilder("      program main\n      real x\n");
        // program, real and 8,186 statements: the loop starts on logical line 8,189, the fragment's
        // statement is line 8,192, the last of the first part, and its end and the loop's in the second
        src.append(STMT.repeat(8186));
        src.append("""
                      do i = 1, 10
                c*lcm* model: pc = n/1000
                c*lcm* fragment f1
                      x = x + 2.0
                c*lcm* end fragment
                      end do
                """);
        src.append(STMT.repeat(9000));
        src.append("      end\n");
        src.append("      subroutine s\n");
        int cutLine = (int) src.chars().filter(c -> c == '\n').count() + 1;
        // the closing parenthesis stands in column 83: the statement cut at 72 no longer reads as Fortran
        src.append("      parameter (m = 1").append(" ".repeat(60)).append(")\n");
        src.append("      end\n");

        Run.Result r = Run.of("big.f", src.toString());

        Node f1 = r.dag().fragments().stream().filter(n -> n.name().equals("f1")).findFirst().orElseThrow();
        Node loop = r.dag().nodes().stream().filter(n -> n.kind() == NodeKind.LOOP
                && n.children().stream().anyMatch(c -> c.node() == f1)).findFirst().orElseThrow();
        assertEquals("10", loop.trips().orElseThrow().text());
        assertEquals(8189, loop.at().line());
        assertEquals("n/1000", f1.model().values().iterator().next().text());
        assertTrue(r.rendered().contains("big.f:" + cutLine + ":83: warning: text past column 72 is ignored"),
                r.rendered());
        assertTrue(r.rendered().contains("statement cut at column 72 no longer reads as Fortran ('parameter' kept "
                + "as a declaration)"), r.rendered());
        assertEquals(0, r.diagnostics().errors().size(), r.rendered());
        assertTrue(Dags.outline(r.dag().root()).contains("loop[10](f1)"), Dags.outline(r.dag().root()));
    }
}
