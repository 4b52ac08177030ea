package lcm.cli;

import lcm.annotation.Category;
import lcm.compose.ComposeOptions;
import lcm.compose.ComposedModel;
import lcm.compose.Composer;
import lcm.expr.Evaluator;
import lcm.frontend.ProgramReader;
import lcm.source.SourceRegistry;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The contention parameters' round trip: {@code lcm measure --co-runner}'s {@code # co-runner:}
 * headers, their medians written by {@code lcm annotate} as {@code contention:} lines, read back
 * by composition, which charges rc where the two sections run at once; and a bad value's message.
 */
class ContentionAnnotateTest {

    @TempDir
    Path dir;

    private static final String PROGRAM = """
            program t
              !$omp parallel sections
              !$omp section
              call a
              !$omp section
              call b
              !$omp end parallel sections
            end program t

            !lcm$ model: pc = 1
            subroutine a
              integer :: x
              x = 1
            end subroutine a

            !lcm$ model: pc = 1
            subroutine b
              integer :: x
              x = 1
            end subroutine b
            """;

    /**
     * Five runs of a and b at n = 32 .. 512: pc 1e-4 n^2 and 5e-5 n^2; a's slowdowns 1.2, 1.3,
     * 1.35, 1.25, 1.4 (median 1.3), b's pressures 1.3, 1.4, 1.5, 1.45, 1.35 (median 1.4).
     */
    private static String data() {
        StringBuilder s = new StringBuilder();
        int[] ns = {32, 64, 128, 256, 512};
        double[] slowdowns = {1.2, 1.3, 1.35, 1.25, 1.4};
        double[] pressures = {1.3, 1.4, 1.5, 1.45, 1.35};
        for (int i = 0; i < ns.length; i++) {
            int n = ns[i];
            s.append("# co-runner: a slowdown ").append(slowdowns[i]).append(" at pressure 1.5; pressure 1.2 (pc 1 s beside, 1 s alone)\n");
            s.append("# co-runner: b slowdown 1.1 at pressure 1.5; pressure ").append(pressures[i]).append(" (pc 1 s beside, 1 s alone)\n");
            s.append("tag=a n=").append(n).append(" pc=").append(1e-4 * n * n).append('\n');
            s.append("tag=b n=").append(n).append(" pc=").append(5e-5 * n * n).append('\n');
        }
        return s.toString();
    }

    @Test
    void annotateWritesTheMediansAndCompositionChargesThem() throws IOException {
        Path src = dir.resolve("t.f90");
        Files.writeString(src, PROGRAM);
        Path pp = dir.resolve("t.pp");
        Files.writeString(pp, data());
        CliRun r = CliRun.of("annotate", src.toString(), "--data", pp.toString());
        assertEquals(0, r.code(), r.err());
        String text = Files.readString(src);
        assertTrue(text.contains("!lcm$ fitted-on: n = 32:512, runs = 5\n!lcm$ contention: slowdown = 1.3, at = 1.5, pressure = 1.2\n"
                + "subroutine a"), text);
        assertTrue(text.contains("!lcm$ contention: slowdown = 1.1, at = 1.5, pressure = 1.4\nsubroutine b"), text);

        ComposedModel m = new Composer(ComposeOptions.defaults()).compose(
                new ProgramReader(new SourceRegistry()).read(List.of(src)).orThrow());
        // n = 100, p = 2: pc_a = 1, pc_b = 0.5. a beside b: (0.3/0.5) * 0.4 * 1 = 0.24; b beside a: (0.1/0.5) * 0.2 * 0.5 = 0.02
        assertEquals(0.26, Evaluator.eval(m.categories().get(Category.RC), Map.of("n", 100.0, "p", 2.0)), 1e-9);
        assertEquals(0.0, Evaluator.eval(m.categories().get(Category.RC), Map.of("n", 100.0, "p", 1.0)), 1e-12);

        // a second annotate with the same data changes nothing: the contention line is replaced by the same
        CliRun again = CliRun.of("annotate", src.toString(), "--data", pp.toString());
        assertEquals(0, again.code(), again.err());
        assertEquals(text, Files.readString(src));
    }

    @Test
    void fitPrintsTheMediansAfterItsModels() throws IOException {
        Path pp = dir.resolve("t.pp");
        Files.writeString(pp, data());
        CliRun r = CliRun.of("fit", "-f", pp.toString());
        assertEquals(0, r.code(), r.err());
        assertTrue(r.out().endsWith("\nmedians of lcm measure --co-runner's runs (lcm annotate writes them):\n"
                + "a                contention: slowdown = 1.3, at = 1.5, pressure = 1.2  (5 runs)\n"
                + "b                contention: slowdown = 1.1, at = 1.5, pressure = 1.4  (5 runs)\n"), r.out());
    }

    @Test
    void aBadValueIsAnErrorAtItsColumnWithACaret() throws IOException {
        Path src = dir.resolve("t.f90");
        Files.writeString(src, PROGRAM.replace("!lcm$ model: pc = 1\nsubroutine b",
                "!lcm$ model: pc = 1\n!lcm$ contention: slowdown = 1.1, at = 1, pressure = 1.2\nsubroutine b"));
        CliRun r = CliRun.of("compose", src.toString());
        assertEquals(2, r.code(), r.err());
        assertEquals(src + ":17:40: 'at' is the co-runner's pressure the slowdown was taken at, and "
                + "must be above 1 (1 is no pressure: a slowdown there says nothing per unit of pressure)\n"
                + "  !lcm$ contention: slowdown = 1.1, at = 1, pressure = 1.2\n"
                + "                                         ^\n", r.err());
    }
}
