package lcm.symbolic;

import lcm.annotation.AnnotationReader;
import lcm.antlr.Parsed;
import lcm.antlr.TextOrigin;
import lcm.annotation.Annotation;
import lcm.expr.Expr;
import lcm.source.SourceLocation;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

/**
 * Formulas from user files never reach Symja's parser or evaluator (DESIGN 9): model lines
 * that name Symja's file or system functions are rejected with a located error, and names
 * that mean something to Symja stay plain variables.
 */
class SymjaSafetyTest {

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "model: pc = Import(n)                  | 13 | unknown function 'Import'",
            "model: pc = n + Export(p, n)           | 17 | unknown function 'Export'",
            "model: li = Get(n)*p                   | 13 | unknown function 'Get'",
            "model: rc = Run(p)                     | 13 | unknown function 'Run'",
            "model: { pc = n, li = SystemDialog(p) }| 23 | unknown function 'SystemDialog'",
            "model: pc = ReadString(n)              | 13 | unknown function 'ReadString'",
    })
    void symjaFileAndSystemFunctionsAreRejectedWithALocation(String line, int column, String message) {
        SourceLocation start = new SourceLocation(Path.of("evil.f"), 12, 1);
        Parsed<Annotation> p = AnnotationReader.annotation(line.strip(), TextOrigin.at(start));
        assertFalse(p.isOk());
        assertEquals("evil.f:12:" + column, p.problems().get(0).location().orElseThrow().toString());
        assertEquals(true, p.problems().get(0).message().startsWith(message + " (allowed: log, log2, sqrt"),
                p.problems().get(0).message());
    }

    @Test
    void stringsAndSymjaSyntaxDoNotParse() {
        for (String evil : List.of("model: pc = \"x\"", "model: pc = n; Quit()", "model: pc = n[1]", "model: pc = #")) {
            assertFalse(AnnotationReader.annotation(evil, TextOrigin.synthetic("evil.f")).isOk(), evil);
        }
    }

    @Test
    void symjaNamesStayPlainVariables() {
        // E, I, Pi, N and D are constants or functions to Symja; to lcm they are variables
        Simplifier s = new Simplifier(List.of("E", "I", "Pi", "N", "D", "n"), Duration.ofSeconds(5));
        Expr e = AnnotationReader.expression("E*n + Pi*N - D + I + n");
        String out = s.simplify(e).text();
        for (String v : List.of("E", "Pi", "N", "D", "I")) {
            assertEquals(true, out.contains(v), out);
        }
        assertFalse(out.contains("3.14") || out.contains("2.718"), out);
        assertEquals("N", s.simplify(AnnotationReader.expression("N")).text());
        assertEquals("2*N-N", "2*N-N");
        assertEquals("N", s.simplify(AnnotationReader.expression("2*N - N")).text());
        assertEquals("2*n", s.simplify(AnnotationReader.expression("n + n")).text());
    }
}
