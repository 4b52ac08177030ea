package lcm.fortran;

import lcm.dag.Dags;
import lcm.source.Diagnostic;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * A {@code model:} inside a {@code fragment} block attaches to a construct of the block, which
 * composition never looks into: it is a warning at the model, not dropped without a word.
 */
class ModelInsideFragmentTest {

    @TempDir
    Path dir;

    @Test
    void aModelOnTheParallelDoInsideAFragmentBlockIsAWarning() throws Exception {
        Path f = dir.resolve("t.f");
        Files.writeString(f, String.join("\n",
                "      program t",
                "      integer n, i",
                "      real x(1000)",
                "      n = 100",
                "c*lcm* fragment work",
                "c*lcm* model: pc = 1e-3*n",
                "!$omp parallel do",
                "      do i = 1, n",
                "         x(i) = i",
                "      end do",
                "c*lcm* end fragment work",
                "      end",
                ""));
        assertEquals(List.of(f + ":6:8: warning: 'model:' is ignored here: it attaches to a parallel loop inside the "
                        + "fragment 'work' (line 5), which composition takes whole, by its own model; write it before "
                        + "'fragment work' to make it the fragment's model"),
                Dags.build(f).diagnostics().stream().map(Diagnostic::headline).toList());
    }
}
