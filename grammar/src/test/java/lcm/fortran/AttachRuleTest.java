package lcm.fortran;

import lcm.annotation.DataItem;
import lcm.dag.Child;
import lcm.dag.Node;
import lcm.dag.Use;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * The annotation attach rule as docs/annotations.md states it, one row per clause: what an
 * annotation skips, what it attaches to, and where it lands in the DAG. The expected text is
 * the root's outline with each edge's annotations in braces and each fragment's model in
 * angle brackets. (A routine whose body is one node with no annotations is that node, renamed.)
 */
class AttachRuleTest {

    private record Row(String name, String source, String expected) {
    }

    private static final List<Row> ROWS = List.of(
            new Row("comments, blank lines, declarations and continue are skipped", """
                          program main
                          real a(10)
                    c*lcm* input: a
                    c     a comment line

                          integer i
                          common /c/ i
                          data i /0/
                          continue
                          call t
                          end
                          subroutine t
                          end
                    """, "serial main(serial t(){input: a})"),
            new Row("annotations before a unit statement belong to the routine", """
                          program main
                          call t
                          end
                    c*lcm* model: pc = n
                          subroutine t
                          x = 1
                          end
                    """, "serial main(fragment t<pc = n>(leaf))"),
            new Row("before 'c*ksr* section' they belong to the task", """
                          program main
                    c*ksr* parallel sections
                    c*lcm* vars: p = p/T - 1
                    c*ksr* section
                          call t
                    c*ksr* section
                          call t
                    c*ksr* end parallel sections
                          end
                          subroutine t
                          end
                    """, "parallel main(serial(serial t()){vars: p = p/T-1}, serial(^t))"),
            new Row("before the directive and before the do: both on the parallel loop", """
                          program main
                    c*lcm* input: a
                    !$omp parallel do private(i)
                    c*lcm* output: b
                          do i = 1, n
                             x = 1
                          end do
                          end
                    """, "serial main(parallel-loop[n](leaf){input: a; output: b})"),
            new Row("a modelled KSR tile is a fragment named after its routine", """
                          program main
                          call t
                          end
                          subroutine t
                    c*lcm* model: { li = 0.01*p, pc = n^2/p }
                    c*ksr* tile(i, strategy=slice)
                          do i = 1, n
                             x = 1
                          end do
                    c*ksr* end tile
                          end
                    """, "serial main(fragment t[n]<pc = n^2/p, li = 0.01*p>(leaf))"),
            new Row("a fragment block is a fragment of its own name", """
                          program main
                    c*lcm* output: a
                    c*lcm* fragment setup
                          x = 1
                          call t
                    c*lcm* end fragment setup
                          call t
                          end
                          subroutine t
                          end
                    """, "serial main(fragment setup(leaf){output: a}, serial t())"),
            new Row("a sync event stands in place; the input goes past it", """
                          program main
                    c*lcm* input: a
                    c*lcm* sync: post ready(k)
                          call t
                          end
                          subroutine t
                          end
                    """, "serial main(leaf, serial t(){input: a})"),
            new Row("iterations: gives a serial loop its trip count", """
                          program main
                    c*lcm* iterations: itors/2
                          do while (more)
                             call t
                          end do
                          end
                          subroutine t
                          end
                    """, "loop main[itors/2](serial t())"),
            new Row("a barrier is skipped, an atomic directive too", """
                          program main
                    !$omp parallel
                    c*lcm* input: a
                    !$omp barrier
                    !$omp atomic
                          call t
                    !$omp end parallel
                          end
                          subroutine t
                          end
                    """, "serial main(serial t(){input: a})"),
            new Row("upper-case code: names are lower case, T (the number of tasks) stays", """
                          PROGRAM MAIN
                    C$OMP PARALLEL DO PRIVATE(I)
                    C$OMP+ SHARED(A)
                          DO 10 I = 1, N
                             A(I) = 0.0
                       10 CONTINUE
                    C$OMP END PARALLEL DO
                    C*LCM* MODEL: LI = N*LOG(P)
                    C*LCM* INPUT: A(K)
                    C*LCM* VARS: P = P/T
                          CALL WORK(A, N)
                          END
                          SUBROUTINE WORK(A, N)
                          END
                    """, "serial main(parallel-loop[n](leaf), fragment work<li = n*log(p)>(leaf){input: a(k); vars: p = p/T})"),
            new Row("an annotation on a loop without structure makes it a node", """
                          program main
                    c*lcm* output: a
                          do i = 1, n
                             a(i) = 0
                          end do
                          x = 1
                          end
                    """, "serial main(loop[n](leaf){output: a}, leaf)"));

    @TestFactory
    Stream<DynamicTest> eachClauseOfTheRule() {
        return ROWS.stream().map(r -> DynamicTest.dynamicTest(r.name(), () -> {
            Run.Result result = Run.of("t.f", r.source());
            assertEquals("", result.rendered(), r.name());
            assertEquals(r.expected(), annotated(result.dag().root(), null, new ArrayList<>()), r.name());
        }));
    }

    /** kind name[trips]<model>(children){annotations of the edge}; ^name for a node seen before. */
    private static String annotated(Node n, Use use, List<Node> seen) {
        StringBuilder out = new StringBuilder();
        if (seen.contains(n)) {
            out.append('^').append(n.name());
        } else {
            seen.add(n);
            out.append(n.kind().json());
            if (!n.name().contains(":")) {
                out.append(' ').append(n.name());
            }
            n.trips().ifPresent(t -> out.append('[').append(t.text()).append(']'));
            if (!n.model().isEmpty()) {
                out.append('<').append(n.model().entrySet().stream().map(e -> e.getKey().key() + " = " + e.getValue().text())
                        .collect(Collectors.joining(", "))).append('>');
            }
            if (!n.children().isEmpty() || n.kind() != lcm.dag.NodeKind.LEAF) {
                out.append('(');
                List<String> parts = new ArrayList<>();
                for (Child c : n.children()) {
                    parts.add(annotated(c.node(), c.use(), seen));
                }
                out.append(String.join(", ", parts)).append(')');
            }
        }
        if (use != null && !use.isPlain()) {
            List<String> notes = new ArrayList<>();
            if (!use.inputs().isEmpty()) {
                notes.add("input: " + use.inputs().stream().map(DataItem::text).collect(Collectors.joining(", ")));
            }
            if (!use.outputs().isEmpty()) {
                notes.add("output: " + use.outputs().stream().map(DataItem::text).collect(Collectors.joining(", ")));
            }
            if (!use.vars().isEmpty()) {
                notes.add("vars: " + use.vars().stream().map(b -> b.name() + " = " + b.value().text())
                        .collect(Collectors.joining(", ")));
            }
            out.append('{').append(String.join("; ", notes)).append('}');
        }
        return out.toString();
    }
}
