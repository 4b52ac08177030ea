package lcm.annotate;

import lcm.annotation.AnnotationReader;
import lcm.expr.Evaluator;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * Replicated code (NPB CG's makea: every thread of a team region runs it on its own part) is
 * measured as the team's execution, its categories the threads' sum over the team's width; its
 * model is one thread's cost in a team of p threads. annotate fits the measured sums divided by
 * the width, so that composition (one thread's cost on each of the team's processors) gives back
 * what was measured.
 */
class ReplicatedFitTest {

    @TempDir
    Path dir;

    private static final String PROGRAM = String.join("\n",
            "      program t",
            "      integer n",
            "      n = 100",
            "!$omp parallel",
            "      call makea(n)",
            "!$omp end parallel",
            "      end",
            "      subroutine makea(n)",
            "      integer n, i",
            "      real x(1000)",
            "      do i = 1, n",
            "         x(i) = i",
            "      end do",
            "      end",
            "");

    /**
     * The team's lines as lcm measure writes them: the work is split among the p threads, so the
     * threads' pc sums to n x 1 ms at every p (each thread n/p ms).
     */
    private static String runs() {
        StringBuilder s = new StringBuilder();
        for (int n : new int[] {100, 200, 400, 800}) {
            for (int p : new int[] {1, 2, 4}) {
                s.append("# run: p = ").append(p).append(" processors; time 1 s (first fragment's start to last "
                        + "fragment's end); command 1 s; n = ").append(n).append('\n');
                s.append("tag=makea n=").append(n).append(" procs=").append(p).append(" width=").append(p)
                        .append(" execs=1 pc=").append(n * 1e-3).append(" li=0 ip=0 sl=0\n");
            }
        }
        return s.toString();
    }

    @Test
    void theModelIsOneThreadsShareOfTheTeamsMeasuredSum() {
        Path src = Sources.write(dir, "t.f", PROGRAM);
        Path data = Sources.write(dir, "t.pp", runs());
        AnnotationPlan plan = Sources.plan(data, src);
        AnnotatedFragment makea = plan.fragments().stream().filter(f -> f.tag().equals("makea")).findFirst()
                .orElseThrow();
        String pc = makea.models().stream().filter(m -> m.category().equals("pc")).findFirst().orElseThrow().model();
        double at = Evaluator.eval(AnnotationReader.expression(pc), Map.of("n", 200.0, "p", 2.0));
        // one of the 2 threads: 200 ms / 2 = 0.1 s (the team's line said 0.2 processor-seconds)
        assertEquals(0.1, at, 1e-6, "pc = " + pc);
        assertEquals(0.8 / 4, Evaluator.eval(AnnotationReader.expression(pc), Map.of("n", 800.0, "p", 4.0)), 1e-6,
                "pc = " + pc);
    }
}
