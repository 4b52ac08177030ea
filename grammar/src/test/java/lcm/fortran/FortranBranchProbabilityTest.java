package lcm.fortran;

import lcm.dag.Node;
import org.junit.jupiter.api.Test;

import java.util.Comparator;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** Where Fortran users write {@code probability:} for the branches of an IF or a SELECT CASE (docs/annotations.md). */
class FortranBranchProbabilityTest {

    private static List<String> branches(Run.Result r) {
        return r.dag().nodes().stream().filter(n -> n.name().contains("(branch, probability"))
                .sorted(Comparator.comparingInt(n -> n.span().line())).map(Node::name).distinct().toList();
    }

    @Test
    void onTheFirstLineInsideAndJustBeforeElse() {
        Run.Result r = Run.of("t.f", """
                      subroutine s(x)
                      if (x .gt. 0) then
                c*lcm* probability: 0.2
                        call a
                c*lcm* probability: 0.5
                      else if (x .lt. -1) then
                        call b
                      else
                        call a
                      end if
                      end
                      subroutine a
                      end
                      subroutine b
                      end
                """);
        assertEquals("", r.rendered());
        assertEquals(List.of("s:4 (branch, probability 0.2)", "s:7 (branch, probability 0.5)",
                "s:9 (branch, probability 1-0.2-0.5)"), branches(r));
    }

    @Test
    void beforeACaseAndOverOne() {
        Run.Result r = Run.of("t.f90", """
                subroutine s(k)
                  select case (k)
                  case (1)
                    !lcm$ probability: 0.75
                    call a
                  !lcm$ probability: 0.5
                  case default
                    call a
                  end select
                end
                subroutine a
                end
                """);
        assertEquals(List.of("s:5 (branch, probability 0.75)", "s:8 (branch, probability 0.5)"), branches(r));
        assertEquals("t.f90:2:3: warning: the branches' probabilities sum to 1.25, more than 1 (line 4: 0.75, "
                + "line 6: 0.5)\n", r.rendered().lines().filter(l -> l.startsWith("t.f90")).map(l -> l + "\n")
                .reduce("", String::concat));
    }

    @Test
    void onALoopIsIgnoredWithAWarning() {
        Run.Result r = Run.of("t.f", """
                      subroutine s(n)
                c*lcm* probability: 0.5
                      do i = 1, n
                        x = 1
                      end do
                      end
                """);
        assertEquals(List.of("t.f:2:8: warning: 'probability:' is ignored here: it attaches to a loop; it says how "
                + "often a branch runs and belongs before an 'if' (its first branch), on the first line inside a "
                + "branch, or just before the 'else', 'else if' or 'case' that opens one"),
                r.diagnostics().warnings().stream().map(lcm.source.Diagnostic::headline).toList());
    }
}
