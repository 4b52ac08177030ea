package lcm.javasrc;

import lcm.dag.Dag;
import lcm.dag.NodeKind;
import lcm.frontend.ProgramReader;
import lcm.source.Diagnostics;
import lcm.source.SourceRegistry;
import lcm.source.UserError;
import lcm.structure.Construct;
import lcm.structure.Routine;
import org.junit.jupiter.api.Test;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Routine names, call resolution, and the errors a user sees. */
class NamingAndErrorsTest {

    @Test
    void javaSyntaxErrorsAreLocatedDiagnostics() {
        JavaSources.Result r = JavaSources.parse("class T {\n  void f() { int x = ; }\n  void g() { for (;; }\n}\n");
        assertEquals(List.of("T.java:2:22: Java syntax error: unexpected ';'",
                "T.java:3:22: Java syntax error: unexpected '}'"), r.errors());
        assertEquals(List.of(), r.file().routines());
    }

    @Test
    void aCharacterNoTokenStartsWithIsReportedAtItsOwnLineAndColumn() {
        assertEquals(List.of("T.java:3:15: Java syntax error: unexpected character U+0000"),
                JavaSources.parse("class T {\n  void f() {\n    int x = 1 \u0000 ;\n  }\n}\n").errors());
        assertEquals(List.of("T.java:3:15: Java syntax error: unexpected character '#' (U+0023)"),
                JavaSources.parse("class T {\n  void f() {\n    int x = 1 # ;\n  }\n}\n").errors());
        assertEquals(List.of("T.java:3:19: Java syntax error: unexpected character ' ' (U+0020) after '\\u00'"),
                JavaSources.parse("class T {\n  void f() {\n    int x = 1 \\u00 ;\n  }\n}\n").errors());
    }

    @Test
    void aByteThatIsNoUtf8IsReportedWhereItStands() {
        // the file is read as ISO-8859-1 when it is no UTF-8: byte 0xC3 is the letter U+00C3
        assertEquals(List.of("T.java:3:15: Java syntax error: unexpected '\u00c3'"),
                JavaSources.parse("class T {\n  void f() {\n    int x = 1 \u00c3( ;\n  }\n}\n").errors());
    }

    @Test
    void shortExpectedListsAreKept() {
        assertEquals("Java syntax error: unexpected end of file, expected '}'",
                JavaSyntaxErrors.message("Parse error. Found <EOF>, expected \"}\""));
        assertEquals("Java syntax error: 'record' is not allowed here",
                JavaSyntaxErrors.message("'record' is not allowed here"));
    }

    @Test
    void recursionBetweenMethodsIsAWarningWithTheChain() {
        JavaSources.Result r = JavaSources.parse("""
                class T {
                    public static void main(String[] args) { f(3); }
                    static void f(int k) { if (k > 0) g(k - 1); }
                    static void g(int k) { f(k); }
                }
                """);
        r.dag();
        assertEquals(List.of(), r.errors());
        assertEquals(List.of("T.java:4:28: warning: recursion f -> g -> f is only computation (no parallel construct "
                + "below it): its recursive calls are modelled as plain code whose cost lcm cannot expand; give 'f' a 'model:' "
                + "(or put the call inside a fragment) for its cost"), r.warnings());
    }

    @Test
    void mainIsTheProgramAndConstructorsAreNamedAfterTheirClass() {
        JavaSources.Result r = JavaSources.parse("""
                class T {
                    final double[] data;
                    T(int n) { data = new double[n]; fill(); }
                    void fill() { }
                    public static void main(String... args) { new T(8).fill(); }
                    static void main(int notTheProgram) { }
                }
                """);
        assertEquals(List.of(), r.errors());
        assertEquals(List.of("T", "fill", "T.main(String...)", "T.main(int)"), r.names());
        assertEquals(Routine.Kind.PROGRAM, r.routine("T.main(String...)").kind());
        assertEquals(Routine.Kind.METHOD, r.routine("T.main(int)").kind());
        assertEquals("call T; call fill", JavaSources.describe(r.body("T.main(String...)")));
        assertEquals("simple; call fill", JavaSources.describe(r.body("T")));
    }

    @Test
    void methodsSharingASimpleNameAreQualifiedByClassAndCallsResolveToThem() {
        JavaSources.Result r = JavaSources.parse("""
                class T {
                    public static void main(String[] args) {
                        Reader reader = new Reader();
                        reader.run();
                        new Writer().run();
                        run();
                    }
                    static void run() { }
                    static class Reader { void run() { step(); } void step() { } }
                    static class Writer { void run() { this.step(); } void step() { } }
                }
                """);
        assertEquals(List.of(), r.errors());
        assertTrue(r.names().containsAll(List.of("T.run", "T.Reader.run", "T.Writer.run", "T.Reader.step",
                "T.Writer.step")), r.names()::toString);
        assertEquals("simple; call T.Reader.run; call T.Writer.run; call T.run", JavaSources.describe(r.body("main")));
        assertEquals("call T.Writer.step", JavaSources.describe(r.body("T.Writer.run")));
        Dag dag = r.dag();
        assertEquals(List.of(), r.errors());
        assertEquals(NodeKind.SERIAL, dag.root().kind());
    }

    @Test
    void overloadsAreQualifiedByParameterTypesAndToldApartByArityAndArgumentTypes() {
        JavaSources.Result r = JavaSources.parse("""
                import java.util.*;
                class T {
                    static void f(List<String> names, Object o) {
                        q(1); q(1, 2);
                        p(1); p(2.5); p("x"); p(names); p(List.of("y"));
                        p(o.hashCode());
                    }
                    static void q(int a) { }
                    static void q(int a, int b) { }
                    static void p(double a) { }
                    static void p(int a) { }
                    static void p(String s) { }
                    static void p(List<String> s) { }
                }
                """);
        assertEquals("call T.q(int); call T.q(int,int); call T.p(int); call T.p(double); call T.p(String); "
                + "call T.p(List<String>); call T.p(List<String>); call T.p(double)", JavaSources.describe(r.body("f")));
        assertEquals(List.of("T.java:6:9: warning: cannot tell which of T.p(double), T.p(int), T.p(String), "
                + "T.p(List<String>) this call is; taking T.p(double)"), r.warnings());
    }

    @Test
    void callsOnLibraryObjectsAreNotCallsOfRoutines() {
        JavaSources.Result r = JavaSources.parse("""
                import java.util.*;
                class T {
                    static void f(List<Integer> list) { list.add(1); add(2); Math.max(1, 2); }
                    static void add(int x) { }
                }
                """);
        assertEquals("simple; call add; simple", JavaSources.describe(r.body("f")));
    }

    @Test
    void callArgumentsAreKeptAsWritten() {
        JavaSources.Result r = JavaSources.method("w(a[k] + 1);");
        Construct.Call call = (Construct.Call) r.body("f").get(0);
        assertEquals(List.of("a[k] + 1"), call.arguments());
    }

    @Test
    void javaFilesGoThroughTheCommonFrontEnd() throws Exception {
        Path dir = Files.createTempDirectory("lcm-java");
        try {
            Path file = dir.resolve("Broken.java");
            Files.writeString(file, "class Broken {\n  void f() {\n    //@lcm input: a\n  }\n}\n");
            Diagnostics d = new Diagnostics();
            UserError e = assertThrows(UserError.class, () -> new ProgramReader(new SourceRegistry()).parse(List.of(file)).orThrow());
            assertEquals(file + ":3:12: annotation has nothing to attach to before the end of the block at line 4", e.diagnostics().get(0).headline());

            Diagnostics ok = new Diagnostics();
            Path tp = lcm.TestRepo.root().resolve("fixtures/fft2d/Fft2dTp.java");
            Dag dag = new ProgramReader(new SourceRegistry()).parse(List.of(tp)).orThrow().dag();
            assertEquals("main", dag.root().name());
        } finally {
            try (var files = Files.list(dir)) {
                for (Path p : files.toList()) {
                    Files.delete(p);
                }
            }
            Files.delete(dir);
        }
    }
}
