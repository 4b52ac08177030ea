package lcm.frontend;

import lcm.annotation.AnnotationReader;
import lcm.antlr.Parsed;
import lcm.antlr.TextOrigin;
import lcm.frontend.StructureBuilder;
import lcm.expr.Expr;
import lcm.source.Diagnostic;
import lcm.source.DiagnosticRenderer;
import lcm.source.Diagnostics;
import lcm.dag.Dags;
import lcm.frontend.ProgramReader;
import lcm.source.SourceLocation;
import lcm.source.SourceRegistry;
import lcm.source.SourceText;
import lcm.structure.ParsedFile;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Front-end inputs that once crashed or misled: each with its minimal input and the exact
 * message a user sees now.
 */
class HardeningTest {

    /** Parses one source text (file name decides the language) and builds the DAG; the headlines. */
    private static String headlines(String name, String source) {
        SourceRegistry sources = new SourceRegistry();
        Path path = Path.of(name);
        sources.register(SourceText.of(path, source));
        Diagnostics d = new Diagnostics();
        ParsedFile f = Dags.parse(sources, path, d);
        StructureBuilder.build(List.of(f), d);
        return String.join("\n", d.sorted().stream().map(Diagnostic::headline).toList());
    }

    /** The first error of reading {@code file} as lcm reads it. */
    private static String firstError(Path file) {
        return new ProgramReader(new SourceRegistry()).parse(List.of(file)).problems().stream()
                .filter(Diagnostic::isError).findFirst().orElseThrow().headline();
    }

    @Test
    void parenthesesNestedPastTheLimitInAModel() {
        // 1,001 '(' after "!lcm$ model: pc = " (columns 1-18): the 1,001st is at column 19 + 1000
        String source = "program p\nx = 1\n!lcm$ model: pc = " + "(".repeat(1001) + "n" + ")".repeat(1001)
                + "\ncall s\nend program p\nsubroutine s\nend subroutine s\n";
        assertEquals("t.f90:3:1019: bad annotation: expression nested more than 1,000 deep", headlines("t.f90", source));
        // the same every run, and 1,000 deep is still fine
        assertEquals("t.f90:3:1019: bad annotation: expression nested more than 1,000 deep", headlines("t.f90", source));
        String ok = "program p\n!lcm$ model: pc = " + "(".repeat(1000) + "n" + ")".repeat(1000)
                + "\ncall s\nend program p\nsubroutine s\nend subroutine s\n";
        assertEquals("", headlines("t.f90", ok));
    }

    @Test
    void dataItemSubscriptsNestedPastTheLimit() {
        String source = "program p\n!lcm$ input: a" + "(".repeat(1001) + "k" + ")".repeat(1001)
                + "\ncall s\nend program p\nsubroutine s\nend subroutine s\n";
        // "!lcm$ input: a" is 14 columns: the 1,001st '(' is at column 15 + 1000
        assertEquals("t.f90:2:1015: bad annotation: expression nested more than 1,000 deep", headlines("t.f90", source));
    }

    @Test
    void powerChainsAndSignRunsPastTheLimit() {
        Parsed<Expr> power = AnnotationReader.expression("p" + "^p".repeat(1001), TextOrigin.synthetic("<x>"));
        assertEquals("<x>:1:2002: bad expression: expression nested more than 1,000 deep",
                power.problems().get(0).headline());
        Parsed<Expr> signs = AnnotationReader.expression("-".repeat(1001) + "p", TextOrigin.synthetic("<x>"));
        assertEquals("<x>:1:1001: bad expression: expression nested more than 1,000 deep",
                signs.problems().get(0).headline());
    }

    @Test
    void directiveArgumentNestedPastTheLimit() {
        String source = "program p\n!$omp parallel do private" + "(".repeat(1001) + "i" + ")".repeat(1001)
                + "\ndo i = 1, n\nend do\nend program p\n";
        // "!$omp parallel do private" is 25 columns: the 1,001st '(' is at column 26 + 1000
        String h = headlines("t.f90", source);
        assertTrue(h.startsWith("t.f90:2:1026: directive argument expression nested more than 1,000 deep"), h);
    }

    @Test
    void flatSumsOfAnyLengthParseInALoop() {
        for (int terms : new int[] {10_000, 100_000}) {
            String sum = "n" + "+n".repeat(terms - 1);
            Parsed<Expr> p = AnnotationReader.expression(sum, TextOrigin.synthetic("<sum>"));
            assertTrue(p.isOk(), () -> p.problems().toString());
            // a left-deep sum: count its additions without recursion
            int additions = 0;
            Expr e = p.value().get();
            while (e instanceof Expr.Bin b && b.op() == Expr.Op.ADD) {
                additions++;
                e = b.left();
            }
            assertEquals(terms - 1, additions);
        }
    }

    @Test
    void hugeNumbersAreLocatedErrors() {
        Parsed<Expr> p = AnnotationReader.expression("2*1e999999999", TextOrigin.synthetic("<x>"));
        assertEquals("<x>:1:3: number '1e999999999' out of range (magnitude between 1e-324 and 1e308)",
                p.problems().get(0).headline());
        assertTrue(AnnotationReader.expression("1.5e308", TextOrigin.synthetic("<x>")).isOk());
    }

    @Test
    void nulByteInAnIncludeName(@TempDir Path dir) throws IOException {
        Path f = dir.resolve("t.f");
        Files.writeString(f, "      program p\n      include 'a\0b.h'\n      end\n");
        List<Diagnostic> d = new ProgramReader(new SourceRegistry()).parse(List.of(f)).problems();
        assertEquals(f + ":2:7: include file name 'a\\x00b.h' is not a file name", d.get(0).headline());
    }

    @Test
    void includeExpansionIsBoundedWithTheChainInTheMessage(@TempDir Path dir) throws IOException {
        // h0.h includes h1.h four times, h1.h includes h2.h four times, ...: 4^12 copies of h12.h
        for (int i = 0; i < 12; i++) {
            String inc = "      include 'h" + (i + 1) + ".h'\n";
            Files.writeString(dir.resolve("h" + i + ".h"), inc.repeat(4));
        }
        Files.writeString(dir.resolve("h12.h"), "      x = 1\n");
        Path f = dir.resolve("t.f");
        Files.writeString(f, "      program p\n      include 'h0.h'\n      end\n");
        String h = firstError(f);
        assertTrue(h.contains("include expansion exceeds 1,000,000 lines (includes that include each other many times?): "
                + f + " -> " + dir.resolve("h0.h")), h);
    }

    @Test
    void includesNestedPastTheDepthLimit(@TempDir Path dir) throws IOException {
        for (int i = 0; i < 25; i++) {
            Files.writeString(dir.resolve("d" + i + ".h"), "      include 'd" + (i + 1) + ".h'\n");
        }
        Files.writeString(dir.resolve("d25.h"), "      x = 1\n");
        Path f = dir.resolve("t.f");
        Files.writeString(f, "      program p\n      include 'd0.h'\n      end\n");
        String h = firstError(f);
        assertTrue(h.startsWith(dir.resolve("d18.h") + ":1:7: includes nested more than 20 deep: " + f + " -> "), h);
    }

    @Test
    void javaStatementOfEmptyParentheses() {
        // once an internal error ("javaparser node without a range"), then read as a lambda javaparser made up;
        // javac refuses it, and so does lcm, where it is written
        assertEquals("T.java:3:5: not a statement: '()' without '->' and a body",
                headlines("T.java", "class T {\n  void f() {\n    ();\n  }\n}\n"));
    }

    @Test
    void unclosedJavaCommentIsLocatedWhereItStarts() {
        assertEquals("T.java:2:3: unclosed comment: '/*' without '*/' before the end of the file",
                headlines("T.java", "class T {\n  /* open\n  void f() {}\n}\n"));
    }

    @Test
    void javaParenthesesNestedPastTheLimit() {
        String source = "class T {\n  int f() {\n    return " + "(".repeat(600) + "1" + ")".repeat(600) + ";\n  }\n}\n";
        // depth before the return: class and method braces (2); the 199th '(' is the 201st level, at column 12 + 198
        assertEquals("T.java:3:210: Java source nested more than 200 deep (parentheses, brackets and braces)",
                headlines("T.java", source));
    }

    @Test
    void aLongLineIsShownAsAWindowAroundTheCaret() {
        SourceRegistry sources = new SourceRegistry();
        Path path = Path.of("long.f");
        String line = "x".repeat(100_000) + "!" + "y".repeat(100_000);
        sources.register(SourceText.of(path, line + "\n"));
        String shown = new DiagnosticRenderer(sources).render(Diagnostic.error(new SourceLocation(path, 1, 100_001), "here"));
        // "..." + 120 characters + "...", the caret under the '!' (60 characters into the window)
        assertEquals("long.f:1:100001: here\n  ..." + "x".repeat(60) + "!" + "y".repeat(59) + "...\n  "
                + " ".repeat(63) + "^\n", shown);
    }
}
