package lcm.compose;

import lcm.expr.Evaluator;
import lcm.annotation.Annotation;
import lcm.annotation.Category;
import lcm.dag.Child;
import lcm.dag.Dag;
import lcm.dag.Node;
import lcm.dag.NodeKind;
import lcm.dag.Program;
import lcm.dag.Branch;
import lcm.dag.Execution;
import lcm.dag.Use;
import lcm.expr.Expr;
import lcm.expr.Fn;
import lcm.source.SourceLocation;
import lcm.source.SourceSpan;
import org.junit.jupiter.api.RepeatedTest;
import org.junit.jupiter.api.RepetitionInfo;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Lost cycles are conserved at every node (DESIGN 5.2): the sum of a node's categories over
 * its processors is its time. Checked on random DAGs (serial, parallel, loops, parallel loops
 * with and without models, shared nodes, vars overrides, if/else branches of which the costlier
 * counts) at random points.
 */
class ConservationPropertyTest {

    private static final SourceLocation AT = new SourceLocation(Path.of("random.f"), 1, 1);
    private int counter;

    @RepeatedTest(40)
    void categoriesSumToProcessorsTimesTime(RepetitionInfo info) {
        Random random = new Random(1000 + info.getCurrentRepetition());
        List<Node> shared = new ArrayList<>();
        Node root = node(random, 0, shared);
        Composer composer = new Composer(ComposeOptions.defaults().withoutSimplification());
        composer.compose(new Program(new Dag(root), Map.of(), List.of(), Optional.empty(), List.of()));
        int checked = 0;
        for (int k = 0; k < 5; k++) {
            Map<String, Double> point = Map.of("n", 16.0 + random.nextInt(2000), "p", 1.0 + random.nextInt(64),
                    "m", 1.0 + random.nextInt(20));
            for (Composer.Visit v : composer.visits()) {
                double total = 0;
                for (Category c : Category.values()) {
                    double x = Evaluator.eval(v.model().category(c), point);
                    // never negative lost cycles: the fragment forms are not, and neither are the
                    // structural terms (teams larger than their processors are time-sliced)
                    assertTrue(x >= -1e-9 * Math.max(1, Math.abs(x)), () -> "node " + v.node() + " " + c.key() + " = "
                            + x + " at " + point);
                    total += x;
                }
                double p = Evaluator.eval(v.model().processors(), point);
                double time = Evaluator.eval(v.model().time(), point);
                assertTrue(Double.isFinite(time), () -> v.node() + " time " + time + " = " + v.model().time().text() + " p " + v.model().processors().text() + " at " + point);
                assertEquals(time, total / p, 1e-9 * Math.max(1e-12, Math.abs(time)),
                        () -> "node " + v.node() + " at " + point);
                checked++;
            }
        }
        assertTrue(checked >= 5);
    }

    private Node node(Random r, int depth, List<Node> shared) {
        if (depth >= 4 || r.nextInt(10) < 3) {
            if (!shared.isEmpty() && r.nextInt(4) == 0) {
                return shared.get(r.nextInt(shared.size()));
            }
            Node f = fragment(r);
            shared.add(f);
            return f;
        }
        NodeKind kind = List.of(NodeKind.SERIAL, NodeKind.PARALLEL, NodeKind.LOOP, NodeKind.PARALLEL_LOOP)
                .get(r.nextInt(4));
        // an unannotated if/else: a serial node whose children are alternatives (the costlier counts)
        boolean branches = kind == NodeKind.SERIAL && r.nextBoolean();
        int width = 1 + r.nextInt(3);
        List<Child> children = new ArrayList<>();
        for (int i = 0; i < width; i++) {
            children.add(new Child(node(r, depth + 1, shared), use(r, kind)));
        }
        Optional<Expr> trips = switch (kind) {
            case LOOP -> Optional.of(r.nextBoolean() ? Expr.var("m") : Expr.num(1 + r.nextInt(5)));
            case PARALLEL_LOOP -> Optional.of(r.nextBoolean() ? Expr.var("n") : Expr.num(3 + r.nextInt(40)));
            default -> Optional.empty();
        };
        return new Node(kind, "n" + (counter++), SourceSpan.of(AT), trips, children, Map.of(), Optional.empty(),
                Optional.empty(), "r", "", Execution.PARALLEL, branches ? Branch.COSTLIER : Branch.NONE);
    }

    /**
     * Sometimes a vars: rule: a team of a constant number of threads (up to 80, so often more
     * than the processors: time-sliced), or p/T - 1 (at least 1).
     */
    private static Use use(Random r, NodeKind parent) {
        List<Annotation.Binding> vars = new ArrayList<>();
        int pick = r.nextInt(8);
        if (pick == 0) {
            vars.add(new Annotation.Binding("p", Expr.num(r.nextBoolean() ? 1 + r.nextInt(4) : 8 + r.nextInt(72))));
        } else if (pick == 1) {
            vars.add(new Annotation.Binding("p", Expr.call(Fn.MAX, Expr.sub(Expr.div(Expr.var("p"), Expr.var("T")),
                    Expr.num(1)), Expr.num(1))));
        } else if (pick == 2) {
            vars.add(new Annotation.Binding("n", Expr.div(Expr.var("n"), Expr.num(2))));
        }
        return new Use(AT, List.of(), List.of(), vars, Optional.empty(), Map.of());
    }

    private Node fragment(Random r) {
        Map<Category, Expr> model = new EnumMap<>(Category.class);
        Expr n = Expr.var("n");
        Expr p = Expr.var("p");
        List<Expr> forms = List.of(
                Expr.mul(Expr.num(1e-3), Expr.mul(n, Expr.call(Fn.LOG, n))),
                Expr.mul(Expr.num(0.02), p),
                Expr.mul(Expr.num(1e-4), Expr.mul(p, Expr.call(Fn.SQRT, p))),
                Expr.div(Expr.pow(n, Expr.num(2)), Expr.num(36200)),
                Expr.call(Fn.MAX, Expr.sub(p, Expr.num(4)), Expr.num(0)),
                Expr.num(0.5));
        for (Category c : Category.values()) {
            if (r.nextInt(3) > 0) {
                model.put(c, forms.get(r.nextInt(forms.size())));
            }
        }
        if (model.isEmpty()) {
            model.put(Category.PC, forms.get(0));
        }
        return new Node(NodeKind.FRAGMENT, "f" + (counter++), SourceSpan.of(AT), Optional.empty(), List.of(), model,
                Optional.of(AT), Optional.empty(), "r", "");
    }
}
