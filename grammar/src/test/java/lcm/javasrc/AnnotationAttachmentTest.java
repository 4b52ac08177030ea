package lcm.javasrc;

import lcm.annotation.Annotation;
import lcm.annotation.Category;
import lcm.dag.Dag;
import lcm.dag.Node;
import lcm.dag.NodeKind;
import lcm.structure.Construct;
import lcm.structure.Routine;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** How {@code @lcm} comments are read and attached (DESIGN 3, docs/java-frontend.md). */
class AnnotationAttachmentTest {

    @Test
    void lineCommentAttachesToTheNextStatementAtItsExactLocation() {
        JavaSources.Result r = JavaSources.method("    //@lcm input: a[k]\n    g();");
        assertEquals(List.of(), r.errors());
        Construct.Call call = assertInstanceOf(Construct.Call.class, r.body("f").get(0));
        assertEquals("g", call.callee());
        Annotation.DataUse in = assertInstanceOf(Annotation.DataUse.class, call.attached().annotations().get(0));
        assertEquals(Annotation.Direction.INPUT, in.direction());
        assertEquals("a(k)", in.items().get(0).text());
        assertEquals("T.java:3:12", in.at().toString());
    }

    @Test
    void blockCommentLinesAreEachAnAnnotationOfTheNextStatement() {
        JavaSources.Result r = JavaSources.method("""
                    /*@lcm input: a[k]
                           output: b[i][j], c */
                    g();""");
        assertEquals(List.of(), r.errors());
        List<Annotation> on = r.body("f").get(0).attached().annotations();
        assertEquals(2, on.size());
        Annotation.DataUse out = assertInstanceOf(Annotation.DataUse.class, on.get(1));
        assertEquals(List.of("b(i,j)", "c"), out.items().stream().map(Object::toString).toList());
        // text blocks lose their indentation: the comment starts in column 1
        assertEquals("T.java:3:8", on.get(0).at().toString());
        assertEquals("T.java:4:8", on.get(1).at().toString());
    }

    @Test
    void consecutiveAnnotationsOfBothKindsAttachToOneConstruct() {
        JavaSources.Result r = JavaSources.method("""
                    //@lcm model: pc = n*p
                    /*@lcm vars: p = p/2 */
                    // an ordinary comment in between
                    //@lcm output: a[k]
                    g();
                    h();""");
        assertEquals(List.of(), r.errors());
        assertEquals("call g @3; call h", JavaSources.describe(r.body("f")));
        assertTrue(r.body("f").get(0).attached().hasModel());
        assertEquals("p", r.body("f").get(0).attached().vars().get(0).name());
    }

    @Test
    void annotationsBeforeAMethodAttachToTheRoutine() {
        JavaSources.Result r = JavaSources.parse("""
                class T {
                    public static void main(String[] args) {
                        cffts();
                    }

                    /** Transforms the columns. */
                    //@lcm model: { pc = 2*n, li = p }
                    @SuppressWarnings("unused")
                    /*@lcm vars: n = n */
                    static void cffts() {
                        int x = 1;
                    }
                }
                """);
        assertEquals(List.of(), r.errors());
        Routine cffts = r.routine("cffts");
        assertEquals(2, cffts.attached().annotations().size());
        assertEquals(2, cffts.attached().model().size());
        assertTrue(cffts.attached().model().containsKey(Category.LI));
        Dag dag = r.dag();
        Node fragment = dag.root().children().get(0).node();
        assertEquals(NodeKind.FRAGMENT, fragment.kind());
        assertEquals("cffts", fragment.name());
    }

    @Test
    void annotationWithNothingAfterItIsAnErrorAtTheAnnotation() {
        JavaSources.Result r = JavaSources.method("    g();\n    //@lcm input: a");
        assertEquals(List.of("T.java:4:12: annotation has nothing to attach to before the end of the block at line 5"), r.errors());
    }

    @Test
    void annotationAtTheEndOfALambdaOrLoopBodyHasNothingToAttachTo() {
        JavaSources.Result r = JavaSources.method("""
                    for (int i = 0; i < 4; i++) {
                        g();
                        /*@lcm model: pc = 1 */
                    }
                    Runnable run = () -> {
                        h();
                        //@lcm output: x
                    };""");
        assertEquals(List.of("T.java:5:12: annotation has nothing to attach to before the end of the block at line 6",
                "T.java:9:12: annotation has nothing to attach to before the end of the block at line 10"), r.errors());
    }

    @Test
    void annotationAtTheEndOfAClassOrFileHasNothingToAttachTo() {
        JavaSources.Result r = JavaSources.parse("class T {\n  void f() { }\n  //@lcm input: a\n}\n//@lcm output: b\n");
        assertEquals(List.of("T.java:3:10: annotation has nothing to attach to before the end of class T",
                "T.java:5:8: annotation has nothing to attach to before the end of the file"), r.errors());
    }

    @Test
    void annotationBeforeAFieldIsAnError() {
        JavaSources.Result r = JavaSources.parse("class T {\n  //@lcm input: a\n  int x = 1;\n  void f() { }\n}\n");
        assertEquals(List.of("T.java:2:10: annotation cannot attach to a field declaration "
                + "(annotations attach to methods and statements)"), r.errors());
    }

    @Test
    void expressionErrorsPointAtTheirColumnInLineAndBlockComments() {
        JavaSources.Result r = JavaSources.method("""
                    //@lcm model: li = n*foo(p)
                    g();
                    /*@lcm input: a
                        iterations: n + */
                    for (int i = 0; i < 3; i++) { h(); }""");
        List<String> errors = r.errors();
        assertEquals(2, errors.size(), errors::toString);
        assertTrue(errors.get(0).startsWith("T.java:3:22: unknown function 'foo'"), errors.get(0));
        assertTrue(errors.get(0).contains("foo"), errors.get(0));
        assertEquals("T.java:6:19: bad annotation: unexpected '+', expecting the end of the line", errors.get(1));
    }

    @Test
    void unknownAnnotationIsReportedWhereItIsWritten() {
        JavaSources.Result r = JavaSources.method("    /*@lcm frobnicate x */\n    g();");
        assertEquals(1, r.errors().size());
        assertTrue(r.errors().get(0).startsWith("T.java:3:12: unknown annotation 'frobnicate'"), r.errors().get(0));
    }

    @Test
    void modelBlockMaySpanLinesOfABlockComment() {
        JavaSources.Result r = JavaSources.method("""
                    /*@lcm model: {
                         pc = n*p,
                         li = p*sqrt(p)/36200 }
                      input: a[k]
                    */
                    g();""");
        assertEquals(List.of(), r.errors());
        Construct g = r.body("f").get(0);
        assertEquals(2, g.attached().annotations().size());
        assertEquals("p*sqrt(p)/36200", g.attached().model().get(Category.LI).text());
        assertEquals("n*p", g.attached().model().get(Category.PC).text());
    }

    @Test
    void javadocStyleCommentsAndBlanksBeforeTheSentinelAreAccepted() {
        JavaSources.Result r = JavaSources.method("""
                    /**
                     * @lcm input: a
                     */
                    g();
                    // @lcm output: b
                    h();""");
        assertEquals(List.of(), r.errors());
        assertEquals("call g @1; call h @1", JavaSources.describe(r.body("f")));
        assertEquals("T.java:4:9", r.body("f").get(0).attached().annotations().get(0).at().toString());
    }

    @Test
    void otherCommentsAndStringsAreNotAnnotations() {
        JavaSources.Result r = JavaSources.method("""
                    // lcm: not an annotation
                    //@lcmx input: a
                    String s = "//@lcm input: a";
                    g();""");
        assertEquals(List.of(), r.errors());
        assertEquals("simple; call g", JavaSources.describe(r.body("f")));
    }

    @Test
    void fileLevelAnnotationsAreCollectedWhereverTheyStand() {
        JavaSources.Result r = JavaSources.parse("""
                //@lcm measured-in: Other.java
                class T {
                    void f() {
                        /*@lcm size: a[k] = 16*n^2 */
                        g();
                    }
                    void g() { }
                }
                """);
        assertEquals(List.of(), r.errors());
        assertEquals("Other.java", r.file().measuredIn().orElseThrow().path());
        assertEquals("a(k)", r.file().sizes().get(0).item().text());
        assertEquals("call g", JavaSources.describe(r.body("f")));
    }

    @Test
    void declarationsWithoutWorkPassAnnotationsOnToTheNextStatement() {
        JavaSources.Result r = JavaSources.method("    //@lcm input: a\n    int k;\n    g();");
        assertEquals(List.of(), r.errors());
        assertEquals("call g @1", JavaSources.describe(r.body("f")));
    }

    @Test
    void syncLinesStandInPlaceEvenAtTheEndOfALoopBody() {
        JavaSources.Result r = JavaSources.method("""
                    for (int k = 0; k < n; k++) {
                        //@lcm sync: wait ready(k)
                        g();
                        //@lcm sync: post done(k)
                    }""");
        assertEquals(List.of(), r.errors());
        assertEquals("loop k x n [sync wait ready(k); call g; sync post done(k)]", JavaSources.describe(r.body("f")));
    }

    @Test
    void fragmentAnnotationsMakeAFragmentBlock() {
        JavaSources.Result r = JavaSources.method("""
                    //@lcm fragment setup
                    //@lcm model: pc = n
                    int x = 1;
                    g();
                    //@lcm end fragment setup
                    h();""");
        assertEquals(List.of(), r.errors());
        assertEquals("fragment setup [simple @1; call g]; call h", JavaSources.describe(r.body("f")));
    }

    @Test
    void annotationInsideAStatementAttachesToWhatTheStatementMakes() {
        JavaSources.Result r = JavaSources.method("""
                    java.util.stream.IntStream.range(0, n).parallel().forEach(
                        //@lcm model: pc = n
                        i -> w(i));""");
        assertEquals(List.of(), r.errors());
        assertEquals("ploop i x n [call w] @1", JavaSources.describe(r.body("f")));
    }

    @Test
    void misplacedStructureAnnotationsAreErrors() {
        JavaSources.Result r = JavaSources.method("""
                    //@lcm end parallel sections
                    g();
                    //@lcm parallel sections
                    h();""");
        assertEquals(List.of("T.java:3:8: 'end parallel sections' without 'parallel sections' in this block",
                "T.java:5:8: unclosed 'parallel sections' (no 'end parallel sections' before the end of the block)"),
                r.errors());
    }

    @Test
    void iterationsAndModelsReachTheDag() {
        JavaSources.Result r = JavaSources.parse("""
                import java.util.stream.IntStream;
                class T {
                    static final int n = 64;
                    public static void main(String[] args) {
                        int k = 0;
                        //@lcm iterations: itors/2
                        while (more(k++)) {
                            cffts();
                        }
                    }
                    static boolean more(int k) { return k < 8; }
                    static void cffts() {
                        //@lcm model: pc = n*log(n)
                        IntStream.range(0, n).parallel().forEach(col -> { });
                    }
                }
                """);
        assertEquals(List.of(), r.errors());
        Dag dag = r.dag();
        assertEquals(List.of(), r.errors());
        Node loop = dag.root().children().stream().map(c -> c.node()).filter(x -> x.kind() == NodeKind.LOOP)
                .findFirst().orElseThrow();
        assertEquals("itors/2", loop.trips().orElseThrow().text());
        assertEquals("more", loop.children().get(0).node().name());
        Node cffts = loop.children().get(1).node();
        assertEquals(NodeKind.FRAGMENT, cffts.kind());
        assertTrue(cffts.name().startsWith("cffts"), cffts.name());
        assertEquals("n*log(n)", cffts.model().get(Category.PC).text());
    }
}
