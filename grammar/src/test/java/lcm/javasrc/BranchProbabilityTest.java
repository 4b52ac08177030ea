package lcm.javasrc;

import lcm.dag.Node;
import org.junit.jupiter.api.Test;

import java.util.Comparator;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** Where Java users write {@code probability:} for the branches of an if or a switch (docs/annotations.md). */
class BranchProbabilityTest {

    /** The weighted branches of the DAG, in source order: each one's name says its line and its probability. */
    static List<String> branches(JavaSources.Result r) {
        return r.dag().nodes().stream().filter(n -> n.name().contains("(branch, probability"))
                .sorted(Comparator.comparingInt(n -> n.span().line())).map(Node::name).distinct().toList();
    }

    @Test
    void beforeTheIfIsTheFirstBranchsAndElseTakesTheRest() {
        JavaSources.Result r = JavaSources.method("""
                    //@lcm probability: 0.3
                    if (Math.random() < 0.3) {
                        g();
                    } else {
                        h();
                    }""");
        assertEquals(List.of(), r.errors());
        assertEquals(List.of(), r.warnings());
        assertEquals(List.of("f:5 (branch, probability 0.3)", "f:7 (branch, probability 1-0.3)"), branches(r));
    }

    @Test
    void onTheFirstLineInsideABranchIsThatBranchs() {
        JavaSources.Result r = JavaSources.method("""
                    if (Math.random() < 0.3) {
                        g();
                    } else {
                        //@lcm probability: 0.7
                        h();
                    }""");
        assertEquals(List.of(), r.errors());
        assertEquals(List.of(), r.warnings());
        assertEquals(List.of("f:4 (branch, probability 1-0.7)", "f:7 (branch, probability 0.7)"), branches(r));
    }

    @Test
    void justBeforeElseBelongsToTheBranchElseOpens() {
        JavaSources.Result r = JavaSources.method("""
                    if (Math.random() < 0.2) {
                        g();
                        //@lcm probability: 0.5
                    } else if (Math.random() < 0.5) {
                        h();
                    } else {
                        g();
                    }""");
        assertEquals(List.of(), r.errors());
        assertEquals(List.of(), r.warnings());
        // the two branches given none share what 0.5 leaves
        assertEquals(List.of("f:4 (branch, probability (1-0.5)/2)", "f:7 (branch, probability 0.5)",
                "f:9 (branch, probability (1-0.5)/2)"), branches(r));
    }

    @Test
    void everyBranchItsOwnInAnElseIfChain() {
        JavaSources.Result r = JavaSources.method("""
                    if (Math.random() < 0.2) {
                        //@lcm probability: 0.2
                        g();
                    } else if (Math.random() < 0.5) {
                        //@lcm probability: 0.3
                        h();
                    } else {
                        g();
                    }""");
        assertEquals(List.of(), r.errors());
        assertEquals(List.of(), r.warnings());
        assertEquals(List.of("f:5 (branch, probability 0.2)", "f:8 (branch, probability 0.3)",
                "f:10 (branch, probability 1-0.2-0.3)"), branches(r));
    }

    @Test
    void beforeACaseBelongsToThatCase() {
        JavaSources.Result r = JavaSources.method("""
                    int k = (int) (Math.random() * 3);
                    switch (k) {
                        case 0:
                            //@lcm probability: 0.25
                            g();
                            break;
                        //@lcm probability: 0.5
                        case 1:
                            h();
                            break;
                        default:
                            g();
                    }""");
        assertEquals(List.of(), r.errors());
        assertEquals(List.of(), r.warnings());
        assertEquals(List.of("f:7 (branch, probability 0.25)", "f:11 (branch, probability 0.5)",
                "f:14 (branch, probability 1-0.25-0.5)"), branches(r));
    }

    @Test
    void aSecondLineInsideABranchIsTheNestedIfs() {
        JavaSources.Result r = JavaSources.method("""
                    if (Math.random() < 0.5) {
                        //@lcm probability: 0.5
                        //@lcm probability: 0.1
                        if (Math.random() < 0.1) {
                            g();
                        }
                    } else {
                        h();
                    }""");
        assertEquals(List.of(), r.errors());
        assertEquals(List.of(), r.warnings());
        assertEquals(List.of("f:6 (branch, probability 0.5)", "f:7 (branch, probability 0.1)",
                "f:10 (branch, probability 1-0.5)"), branches(r));
    }

    @Test
    void probabilitiesOverOneAreWarnedAboutAtTheIf() {
        JavaSources.Result r = JavaSources.method("""
                    if (Math.random() < 0.5) {
                        //@lcm probability: 0.6
                        g();
                    } else {
                        //@lcm probability: 0.5
                        h();
                    }""");
        assertEquals(List.of(), r.errors());
        r.dag();
        assertEquals(List.of("T.java:3:1: warning: the branches' probabilities sum to 1.1, more than 1 (line 4: 0.6, line 7: 0.5)"),
                r.warnings());
    }

    @Test
    void aBranchGivenTwoKeepsTheLaterAndSaysSo() {
        JavaSources.Result r = JavaSources.method("""
                    //@lcm probability: 0.1
                    if (Math.random() < 0.5) {
                        //@lcm probability: 0.4
                        g();
                    } else {
                        h();
                    }""");
        assertEquals(List.of(), r.errors());
        assertEquals(List.of("f:6 (branch, probability 0.4)", "f:8 (branch, probability 1-0.4)"), branches(r));
        assertEquals(List.of("T.java:3:8: warning: the first branch also has 'probability:' at line 5, which counts; "
                + "this one is ignored"), r.warnings());
    }
}
