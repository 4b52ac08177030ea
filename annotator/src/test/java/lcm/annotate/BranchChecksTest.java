package lcm.annotate;

import lcm.source.Diagnostic;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * A branch the measurements contradict is a warning at the branch, naming the fragment and the
 * executions measured: an {@code if (debug)} without {@code probability:} is composed as taken on
 * every pass, so a call under it that never ran doubles what composition counts.
 */
class BranchChecksTest {

    @TempDir
    Path dir;

    private static String program(String calls) {
        return String.join("\n",
                "      program t",
                "      integer n",
                "      logical debug",
                "      n = 100",
                "      debug = .false.",
                "      call work(n)",
                calls,
                "      end",
                "      subroutine work(n)",
                "      integer n, i",
                "      real x(1000)",
                "!$omp parallel do",
                "      do i = 1, n",
                "         x(i) = i",
                "      end do",
                "      end",
                "      subroutine check(n)",
                "      integer n, i",
                "      real x(1000)",
                "!$omp parallel do",
                "      do i = 1, n",
                "         x(i) = i",
                "      end do",
                "      end",
                "");
    }

    /** Runs at n = 100, 200 and p = 1, 2 of lcm measure: 'work' once per run, 'check' {@code checks} times. */
    private static String runs(int checks) {
        StringBuilder s = new StringBuilder();
        for (int n : new int[] {100, 200}) {
            for (int p : new int[] {1, 2}) {
                s.append("# run: p = ").append(p).append(" processors; time 1 s (first fragment's start to last fragment's end); "
                        + "command 1 s; n = ").append(n).append('\n');
                s.append("tag=work n=").append(n).append(" procs=").append(p).append(" width=").append(p)
                        .append(" execs=1 pc=").append(n * 1e-3).append(" li=0 ip=0 sl=0\n");
                if (checks > 0) {
                    s.append("tag=check n=").append(n).append(" procs=").append(p).append(" width=").append(p)
                            .append(" execs=").append(checks).append(" pc=").append(n * 1e-3).append(" li=0 ip=0 sl=0\n");
                }
            }
        }
        return s.toString();
    }

    private List<String> warnings(String calls, int checks) {
        Path src = Sources.write(dir, "t.f", program(calls));
        Path data = Sources.write(dir, "t.pp", runs(checks));
        AnnotationPlan plan = Sources.plan(data, src);
        return plan.warnings().stream().map(Diagnostic::headline)
                .filter(w -> w.contains("composed")).toList();
    }

    @Test
    void aCallUnderAnIfMeasuredAsNeverRunIsNamedWithTheRunsMeasured() {
        List<String> w = warnings(String.join("\n",
                "      call check(n)",
                "      if (debug) then",
                "         call check(n)",
                "      end if"), 1);
        assertEquals(List.of(dir.resolve("t.f") + ":8:7: warning: fragment 'check' (t.f:23) ran 1 time in the run at n = 100, "
                + "p = 1, composed 2 (3 more runs alike), where this 'if' is composed as taken on every pass (no "
                + "'probability:'); write the branch's 'probability:' as measured"), w);
    }

    @Test
    void aFragmentOnlyUnderTheIfThatNeverRanIsNamed() {
        List<String> w = warnings(String.join("\n",
                "      if (debug) then",
                "         call check(n)",
                "      end if"), 0);
        assertEquals(List.of(dir.resolve("t.f") + ":7:7: warning: fragment 'check' (t.f:22) ran 0 times in the 4 runs "
                + "measured, but this 'if' is composed as taken on every pass (no 'probability:'); if it never runs, "
                + "write 'probability: 0' before the branch"), w);
    }

    @Test
    void aBranchWhoseProbabilityTheRunsBearOutIsNoWarning() {
        List<String> w = warnings(String.join("\n",
                "c*lcm* probability: 0",
                "      if (debug) then",
                "         call check(n)",
                "      end if",
                "      call check(n)"), 1);
        assertEquals(List.of(), w);
    }
}
