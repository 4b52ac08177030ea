package lcm.annotate;

import lcm.fit.CandidateTable;
import lcm.measure.MeasurementFormats;
import lcm.measure.MeasurementSet;
import lcm.source.SourceRegistry;
import lcm.source.UserError;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.Optional;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** lcm annotate never makes a source worse, and writes it the way an editor would. */
class AnnotatorSafetyTest {

    @TempDir
    Path dir;

    private AnnotationPlan plan(Path data, Path src, boolean force) {
        SourceRegistry registry = new SourceRegistry();
        MeasurementSet set = MeasurementFormats.read(data, Optional.empty(), registry);
        return new Annotator(registry, CandidateTable.defaults()).force(force).plan(List.of(src), set);
    }

    /** pc = 1e-4*n^2 and li = 2e-5*n*(max(p, 1) - 1), each value times 1 + 0.05*u (u uniform in [-1, 1], seed 5). */
    private static String noisy() {
        Random r = new Random(5);
        StringBuilder out = new StringBuilder();
        for (int n : new int[] {64, 128, 256, 512}) {
            for (int p : new int[] {1, 2, 4, 8}) {
                out.append("tag=work n=").append(n).append(" p=").append(p)
                        .append(" pc=").append(1e-4 * n * n * (1 + 0.05 * (2 * r.nextDouble() - 1)))
                        .append(" li=").append(2e-5 * n * (p - 1) * (1 + 0.05 * (2 * r.nextDouble() - 1))).append('\n');
            }
        }
        return out.toString();
    }

    private static final String TRUTH = "c*lcm* model: pc = 0.0001*n^2\nc*lcm* model: li = 2e-5*n*(max(p, 1) - 1)\n";

    @Test
    void aLineThatPredictsBetterThanTheNewFitIsKeptUnlessForced() {
        Path src = Sources.write(dir, "work.f", Sources.FIXED.replace("c*ksr* tile(i)\n", TRUTH + "c*ksr* tile(i)\n"));
        Path data = Sources.write(dir, "work.pp", noisy());
        AnnotationPlan kept = plan(data, src, false);
        assertFalse(kept.changes(), kept.diff());
        assertTrue(kept.notes().stream().anyMatch(n -> n.startsWith("work: kept the pc line at work.f:7: it predicts the "
                + "measurements within ")), kept.notes().toString());
        assertTrue(plan(data, src, true).changes());
    }

    @Test
    void aCategoryTheDataLackKeepsItsLine() {
        Path src = Sources.write(dir, "work.f", Sources.FIXED.replace("c*ksr* tile(i)\n", "c*lcm* model: cl = 3*p\n"
                + "c*ksr* tile(i)\n"));
        Path data = Sources.write(dir, "work.pp", Sources.data("work"));
        AnnotationPlan p = plan(data, src, false);
        Annotator.write(p, false);
        assertTrue(Sources.read(src).contains("c*lcm* model: li = 2e-5*n*(max(p, 1) - 1)\nc*lcm* model: cl = 3*p\n"
                        + "c*lcm* fitted-on: n = 64:512, p = 1:8, runs = 16\nc*ksr* tile(i)"),
                Sources.read(src));
        assertTrue(p.notes().contains("work: kept the cl line at work.f:7: the data hold no cl measurements"), p.notes().toString());
    }

    @Test
    void variablesThatMoveTogetherAreModelledAsOne() {
        StringBuilder pp = new StringBuilder();
        for (int d : new int[] {16, 32, 64, 128, 256}) {
            pp.append("tag=work d1=").append(d).append(" d2=").append(d).append(" d3=").append(d)
                    .append(" pc=").append(2e-6 * d * d * d).append('\n');
        }
        Path src = Sources.write(dir, "work.f", Sources.FIXED);
        AnnotationPlan p = plan(Sources.write(dir, "work.pp", pp.toString()), src, false);
        assertTrue(p.notes().contains("work: d1, d2, d3 move together in the data (each determines the others at every "
                + "measurement), so their effects cannot be told apart; modelled against d1 alone, which stands for the "
                + "combination; measure them varied independently to separate them"), p.notes().toString());
        assertTrue(p.diff().contains("+c*lcm* model: pc = 2e-6*d1^3"), p.diff());
    }

    @Test
    void aSymlinkIsFollowedAndStaysALink() throws IOException {
        Path target = Sources.write(dir, "real.f", Sources.FIXED);
        Path link = Files.createSymbolicLink(dir.resolve("work.f"), target);
        Path data = Sources.write(dir, "work.pp", Sources.data("work"));
        Annotator.write(plan(data, link, false), false);
        assertTrue(Files.isSymbolicLink(link));
        assertTrue(Sources.read(target).contains("c*lcm* model: pc = 0.0001*n^2"));
    }

    @Test
    void aReadOnlyFileIsRefusedAndUntouchedUnlessForced() throws IOException {
        Path src = Sources.write(dir, "work.f", Sources.FIXED);
        Files.setPosixFilePermissions(src, PosixFilePermissions.fromString("r--r--r--"));
        Path data = Sources.write(dir, "work.pp", Sources.data("work"));
        AnnotationPlan p = plan(data, src, false);
        UserError e = assertThrows(UserError.class, () -> Annotator.write(p, false));
        assertEquals("lcm: " + src + ": is read-only; nothing was written (--force replaces it)", e.getMessage());
        assertEquals(Sources.FIXED, Sources.read(src));
        Annotator.write(p, true);
        assertTrue(Sources.read(src).contains("model: pc"));
        assertEquals("r--r--r--", PosixFilePermissions.toString(Files.getPosixFilePermissions(src)), "mode kept");
    }

    @Test
    void aChangeMadeAfterPlanningIsRefused() {
        Path src = Sources.write(dir, "work.f", Sources.FIXED);
        AnnotationPlan p = plan(Sources.write(dir, "work.pp", Sources.data("work")), src, false);
        Sources.write(dir, "work.f", Sources.FIXED + "c edited meanwhile\n");
        UserError e = assertThrows(UserError.class, () -> Annotator.write(p, false));
        assertEquals("lcm: " + src + ": changed while lcm annotate ran; nothing was written", e.getMessage());
        assertEquals(Sources.FIXED + "c edited meanwhile\n", Sources.read(src));
    }

    @Test
    void breakingAHardLinkIsAWarning() throws IOException {
        Path src = Sources.write(dir, "work.f", Sources.FIXED);
        Path other = Files.createLink(dir.resolve("other.f"), src);
        List<String> warnings = Annotator.write(plan(Sources.write(dir, "work.pp", Sources.data("work")), src, false), false);
        assertEquals(List.of(src + ": has 2 hard links; writing it breaks the hard link (the other name keeps the old text)"),
                warnings);
        assertEquals(Sources.FIXED, Sources.read(other));
    }
}
