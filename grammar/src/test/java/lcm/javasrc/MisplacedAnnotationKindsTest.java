package lcm.javasrc;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * No annotation is ever ignored without a word: every kind the annotation grammar knows, placed
 * where it cannot apply, gets a located error or warning. The kinds come from the grammar's own
 * list (the one its unknown-annotation error gives), so a new kind without a case here fails.
 */
class MisplacedAnnotationKindsTest {

    private static final String IGNORED_PROBABILITY = "it says how often a branch runs and belongs before an 'if' "
            + "(its first branch), on the first line inside a branch, or just before the 'else', 'else if' or 'case' "
            + "that opens one";

    /** Each kind: a method body where it cannot apply, and every diagnostic a user sees, errors first. */
    private static final Map<String, String[]> CASES = new LinkedHashMap<>();

    static {
        String nothing = "T.java:4:12: annotation has nothing to attach to before the end of the block at line 5";
        CASES.put("fragment", new String[] {"    //@lcm fragment a\n    g();",
            "T.java:3:12: unclosed 'fragment a' (no 'end fragment' before the end of the block)"});
        CASES.put("end fragment", new String[] {"    g();\n    //@lcm end fragment",
            "T.java:4:12: 'end fragment' without 'fragment' in this block"});
        CASES.put("input:", new String[] {"    g();\n    //@lcm input: a", nothing});
        CASES.put("output:", new String[] {"    g();\n    //@lcm output: a", nothing});
        CASES.put("model:", new String[] {"    g();\n    //@lcm model: pc = n", nothing});
        CASES.put("vars:", new String[] {"    g();\n    //@lcm vars: n = 2", nothing});
        CASES.put("iterations:", new String[] {"    //@lcm iterations: 4\n    g();",
            "T.java:3:12: warning: 'iterations:' is ignored here: it attaches to the call of 'g'; it gives a loop's "
                    + "trip count and belongs before the loop"});
        CASES.put("recursion:", new String[] {"    //@lcm recursion: 4\n    g();",
            "T.java:3:12: warning: 'recursion:' is ignored here: it attaches to this statement, which invokes no "
                    + "recursive fork/join task; it gives the depth of a recursive fork/join task and belongs before "
                    + "the statement that invokes one (pool.invoke(new Task(...)))"});
        CASES.put("pool:", new String[] {"    //@lcm pool: team\n    g();",
            "T.java:3:12: warning: 'pool:' is ignored here: it attaches to the call of 'g'; it says how the runtime "
                    + "schedules a parallel construct and belongs before the statement that starts its tasks or its "
                    + "parallel loop"});
        CASES.put("independent", new String[] {"    //@lcm independent\n    g();",
            "T.java:3:12: 'independent' cannot attach to the call of 'g'; it marks a serial loop whose iterations "
                    + "touch no data another iteration writes, and belongs just before that loop"});
        CASES.put("probability:", new String[] {"    //@lcm probability: 0.5\n    for (int i = 0; i < 4; i++) { g(); }",
            "T.java:3:12: warning: 'probability:' is ignored here: it attaches to a loop; " + IGNORED_PROBABILITY});
        CASES.put("size:", new String[] {"    //@lcm size: a = 8\n    g();",
            "T.java:3:12: warning: 'size:' of 'a' is ignored: no 'input:' or 'output:' of the program names 'a'"});
        CASES.put("sync:", new String[] {"    w(/*@lcm sync: post e */ 1);",
            "T.java:3:14: this annotation must stand between statements, not inside one"});
        CASES.put("measured-in:", new String[] {"    //@lcm measured-in: m.pp\n    //@lcm measured-in: n.pp\n    g();",
            "T.java:4:12: warning: 'measured-in:' is ignored here: the one at line 3 counts (a file is measured in "
                    + "one program)"});
        CASES.put("fitted-on:", new String[] {"    //@lcm fitted-on: n = 1:4, runs = 3\n    g();",
            "T.java:3:12: warning: 'fitted-on:' is ignored here: it attaches to the call of 'g', which is no "
                    + "fragment; it gives the ranges a fragment's 'model:' was fitted on and belongs with that 'model:'"});
        CASES.put("contention:", new String[] {"    //@lcm contention: slowdown = 1.2, at = 1.06, pressure = 1.05\n    g();",
            "T.java:3:12: warning: 'contention:' is ignored here: it attaches to the call of 'g', which is no "
                    + "fragment; it gives a fragment's slowdown beside a co-runner and its own pressure, and belongs "
                    + "with that fragment's 'model:'"});
        CASES.put("parallel sections", new String[] {"    //@lcm parallel sections\n    g();",
            "T.java:3:12: unclosed 'parallel sections' (no 'end parallel sections' before the end of the block)"});
        CASES.put("section", new String[] {"    //@lcm section\n    g();",
            "T.java:3:12: 'section' outside 'parallel sections'"});
        CASES.put("end parallel sections", new String[] {"    g();\n    //@lcm end parallel sections",
            "T.java:4:12: 'end parallel sections' without 'parallel sections' in this block"});
        CASES.put("tile(...)", new String[] {"    //@lcm tile(i)\n    g();",
            "T.java:3:12: unclosed 'tile(i)' (no 'end tile' before the end of the block)",
            "T.java:3:12: warning: 'tile(i)' holds no loop over 'i'; its trip count is unknown",
            "T.java:3:12: warning: loop with an unknown trip count; add 'iterations: N' (its number of trips) before "
                    + "the loop"});
        CASES.put("end tile", new String[] {"    g();\n    //@lcm end tile",
            "T.java:4:12: 'end tile' without 'tile' in this block"});
    }

    /** The grammar's list of kinds, as its error for an unknown annotation gives it. */
    private static List<String> grammarKinds() {
        String error = JavaSources.method("    //@lcm modle: x\n    g();").errors().get(0);
        String list = error.substring(error.indexOf("expected one of: ") + "expected one of: ".length(),
                error.lastIndexOf(')'));
        return Arrays.asList(list.split(", "));
    }

    @Test
    void everyKindHasACase() {
        assertEquals(grammarKinds(), new ArrayList<>(CASES.keySet()));
    }

    @Test
    void everyKindWhereItCannotApplyIsALocatedErrorOrWarning() {
        for (String kind : grammarKinds()) {
            String[] c = CASES.get(kind);
            JavaSources.Result r = JavaSources.method(c[0]);
            r.dag();
            List<String> seen = new ArrayList<>(r.errors());
            seen.addAll(r.warnings());
            assertEquals(Arrays.asList(c).subList(1, c.length), seen, kind);
        }
    }
}
