package lcm.annotation;

import lcm.dag.Dags;
import lcm.dag.Node;
import lcm.source.Diagnostic;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * An annotation line that ends with {@code &} continues on the next annotation line, whose
 * leading {@code &} is dropped (docs/annotations.md): a model too long for column 72 is written
 * on several lines and read as one.
 */
class ContinuedAnnotationTest {

    private static final String MODEL = "-4.13e-8*n^(11/4)*log2(n) + 4.57e-8*n^3 + 9.32e-9*n^(5/2)*log2(n)^2";

    @TempDir
    Path dir;

    private Node fragment(String name, String text, String... warnings) throws Exception {
        Path f = dir.resolve(name);
        Files.writeString(f, text);
        Dags.Built built = Dags.build(f);
        assertEquals(List.of(warnings).stream().map(w -> f + w).toList(),
                built.diagnostics().stream().map(Diagnostic::headline).toList());
        return built.dag().nodes().stream().filter(Node::isFragment).findFirst().orElseThrow();
    }

    private static String pc(Node n) {
        return n.model().get(Category.PC).text();
    }

    @Test
    void aFixedFormModelContinuesOnTheNextLineAndColumns73To80AreNotRead() throws Exception {
        String one = pc(fragment("one.f90", """
                program t
                integer n, i
                n = 4
                !lcm$ model: pc = %s
                do i = 1, n
                end do
                end
                """.formatted(MODEL)));
        // card sequence numbers in columns 73-80, a plain comment between the lines
        Node split = fragment("t.f", String.join("\n",
                "      program t",
                "      integer n, i",
                "      n = 4",
                "c*lcm* model: pc = -4.13e-8*n^(11/4)*log2(n) + 4.57e-8*n^3 &            T0000040",
                "c a plain comment does not end it",
                "c*lcm* & + 9.32e-9*n^(5/2)*lo&                                          T0000050",
                "C*LCM*&g2(n)^2",
                "      do i = 1, n",
                "      end do",
                "      end", ""), ":4:73: warning: text past column 72 is ignored (on 2 lines of t.f, the first here); "
                + "--line-length 132 reads it");
        assertEquals(one, pc(split));
        assertEquals(4, split.modelAt().orElseThrow().line());
    }

    @Test
    void aFreeFormModelContinuesAndAnErrorIsLocatedOnItsOwnLine() throws Exception {
        String text = """
                program t
                integer n, i
                n = 4
                   !lcm$ model: pc = -4.13e-8*n^(11/4)*log2(n) + &
                   ! a plain comment line between the pieces
                   !lcm$   & 4.57e-8*n^3 + &
                   !lcm$ 9.32e-9*n^(5/2)*log2(n)^2
                do i = 1, n
                end do
                end
                """;
        assertEquals(AnnotationReader.expression(MODEL).text(), pc(fragment("t.f90", text)));
        Path bad = dir.resolve("bad.f90");
        Files.writeString(bad, text.replace("4.57e-8*n^3", "4.57e-8*n^^3"));
        assertEquals(bad + ":6:24: bad annotation: unexpected '^', expecting an expression",
                Dags.build(bad).diagnostics().get(0).headline());
    }

    @Test
    void aJavaModelContinuesOnTheNextLcmLineComment() throws Exception {
        Node n = fragment("T.java", """
                class T {
                    static void work(int n) {
                        //@lcm model: pc = -4.13e-8*n^(11/4)*log2(n) + &
                        //@lcm & 4.57e-8*n^3 + 9.32e-9*n^(5/2)*log2(n)^2
                        for (int i = 0; i < n; i++) {
                        }
                    }
                }
                """);
        assertEquals(AnnotationReader.expression(MODEL).text(), pc(n));
    }
}
