package lcm.explore;

import lcm.TestRepo;
import lcm.compose.ComposeOptions;
import lcm.compose.ComposedModel;
import lcm.compose.Composer;
import lcm.dag.Program;
import lcm.expr.Evaluator;
import lcm.frontend.ProgramReader;
import lcm.machine.MachineDescriptionReader;
import lcm.source.SourceRegistry;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import lcm.source.UserError;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * From the task parallel 2D FFT (tp.f) alone, explore proposes the data parallel structure of
 * dp.f: the two tasks' loops over k become one loop running both bodies, and its composed model
 * is dp.f's at every point of Table 5.3's range (n = 64 to 1024 at p = 26, on the KSR1).
 */
class Fft2dExploreTest {

    static final SourceRegistry SOURCES = new SourceRegistry();
    static ComposeOptions options;
    static Exploration explored;
    static final List<Map<String, Double>> TABLE_53 = new ArrayList<>();

    @BeforeAll
    static void explore() {
        options = ComposeOptions.defaults().withoutSimplification().withMachine(
                MachineDescriptionReader.read(TestRepo.file("fixtures/machines/ksr1.machine"), SOURCES));
        for (double n = 64; n <= 1024; n *= 2) {
            TABLE_53.add(Map.of("n", n, "p", 26.0, "itors", 16.0));
        }
        Program tp = new ProgramReader(SOURCES).read(List.of(TestRepo.file("fixtures/fft2d/tp.f"))).orThrow();
        explored = new Explorer(options, Explorer.Limits.defaults()).explore("tp.f", tp, TABLE_53);
    }

    static Ranked withEdits(String... names) {
        return explored.ranked().stream().filter(r -> r.variant().edits().stream().map(Edit::name).toList()
                .equals(List.of(names))).findFirst().orElseThrow(() -> new AssertionError(String.join("+", names)
                + " not among " + explored.ranked().stream().map(r -> r.variant().label()).toList()));
    }

    @Test
    void theDataParallelVariantIsDpF() {
        Ranked dp = withEdits(TasksToLoop.NAME);
        assertEquals("tasks-to-loop main:12 (tp.f:12)", dp.variant().label());
        ComposedModel dpf = new Composer(options).compose(
                new ProgramReader(SOURCES).read(List.of(TestRepo.file("fixtures/fft2d/dp.f"))).orThrow());
        for (int i = 0; i < TABLE_53.size(); i++) {
            double expected = Evaluator.eval(dpf.time(), TABLE_53.get(i));
            assertEquals(expected, dp.prediction().time(i), 1e-12 * expected, "at " + TABLE_53.get(i));
        }
        // n = 64: Table 5.3's data parallel column over 26 processors, 0.494697 s (lcm.compare.Table53Test),
        // and the serial fragments' computation, 2 * 0.0672 / 26
        assertEquals(0.494697 + 0.1344 / 26, dp.prediction().time(0), 1e-6);
    }

    /**
     * With the data parallel models (Table 5.3's, measured in dp.f) lcm composes the task
     * parallel program faster at p = 26 (TpComposeTest): each task's loops run on 13 processors,
     * where the load imbalance models (n log n p sqrt p) charge less. The data parallel variant
     * and the two tasks run in sequence compose to the same T_P: equal, rank 2.
     */
    @Test
    void theProgramAsItIsRanksFirstAndTheDataParallelVariantSecondWithWhy() {
        assertTrue(explored.ranked().get(0).variant().original());
        Ranked first = withEdits(TasksToLoop.NAME);
        assertEquals(2, first.rank());
        assertEquals(2, withEdits(TasksInSequence.NAME).rank());
        assertEquals("-29.3 %", lcm.expr.NumberText.signedPercent(first.gain(0)));
        assertEquals("li +0.105, cl +0.004651, rc +0.003592", ExploreText.why(first, TABLE_53.get(0)));
        assertEquals("the 2 tasks of main:12 (tp.f:12) each loop over k (itors trips): one loop runs their bodies "
                + "one after the other, each on all processors (data parallel)", first.variant().edits().get(0).reason());
    }

    @Test
    void theProgramAsItIsIsVariantZero() {
        Ranked original = explored.variant(0).orElseThrow();
        assertTrue(original.variant().original());
        assertEquals(0.0, original.gain(0));
    }

    /** The diff of the data parallel variant: the directives go, and the loops' end and start between the tasks. */
    @Test
    void theDiffRemovesTheSectionsAndJoinsTheLoops() {
        String diff = new VariantSources(SOURCES).diff(withEdits(TasksToLoop.NAME).variant()).orElseThrow();
        String path = TestRepo.file("fixtures/fft2d/tp.f").toString();
        List<String> lines = diff.lines().toList();
        assertEquals(List.of("--- " + path, "+++ " + path, "@@ -9,24 +9,18 @@"), lines.subList(0, 3));
        assertEquals(List.of("-c*ksr* parallel sections", "-c*ksr* section", "-      end do", "-c*ksr* section",
                "-      do k=1,itors", "-c*ksr* end parallel sections"),
                lines.stream().filter(l -> l.startsWith("-") && !l.startsWith("---")).toList());
        assertEquals(List.of(), lines.stream().filter(l -> l.startsWith("+") && !l.startsWith("+++")).toList());
        assertEquals(27, lines.size());
    }

    /** The written variant, composed as a program of its own (beside dp.f and fft2d.h), is dp.f's model. */
    @Test
    void theWrittenVariantComposesToDpF(@TempDir Path dir) throws IOException {
        List<Path> written = new VariantSources(SOURCES).write(withEdits(TasksToLoop.NAME).variant(), dir);
        assertEquals(List.of(dir.resolve("tp.f")), written);
        for (String beside : List.of("fft2d.h", "dp.f")) {
            Files.copy(TestRepo.file("fixtures/fft2d/" + beside), dir.resolve(beside));
        }
        SourceRegistry fresh = new SourceRegistry();
        ComposedModel variant = new Composer(options).compose(new ProgramReader(fresh).read(List.of(dir.resolve("tp.f")))
                .orThrow());
        ComposedModel dpf = new Composer(options).compose(
                new ProgramReader(fresh).read(List.of(TestRepo.file("fixtures/fft2d/dp.f"))).orThrow());
        for (Map<String, Double> at : TABLE_53) {
            double expected = Evaluator.eval(dpf.time(), at);
            assertEquals(expected, Evaluator.eval(variant.time(), at), 1e-12 * expected, "at " + at);
        }
    }

    /** Never over the originals. */
    @Test
    void writingOverTheOriginalIsRefused() {
        UserError e = assertThrows(UserError.class, () -> new VariantSources(SOURCES).write(
                withEdits(TasksToLoop.NAME).variant(), TestRepo.file("fixtures/fft2d")));
        assertTrue(e.getMessage().contains("is the original source; write the variant into another folder"),
                e.getMessage());
    }

    /**
     * Serializing transpose's tile on the Program value predicts what lcm composes from the
     * sources with the tile directives removed (the diff applied).
     */
    @Test
    void serializingALoopOnTheProgramIsTheDirectiveRemoved(@TempDir Path dir) throws IOException {
        Ranked serial = withEdits(SerializeLoop.NAME);
        assertEquals("serialize-loop transpose (tp.f:152)", serial.variant().label());
        new VariantSources(SOURCES).write(serial.variant(), dir);
        assertFalse(Files.readString(dir.resolve("tp.f")).contains("tile(k,"));
        for (String beside : List.of("fft2d.h", "dp.f")) {
            Files.copy(TestRepo.file("fixtures/fft2d/" + beside), dir.resolve(beside));
        }
        ComposedModel text = new Composer(options).compose(new ProgramReader(new SourceRegistry())
                .read(List.of(dir.resolve("tp.f"))).orThrow());
        for (int i = 0; i < TABLE_53.size(); i++) {
            double expected = Evaluator.eval(text.time(), TABLE_53.get(i));
            assertEquals(expected, serial.prediction().time(i), 1e-12 * expected, "at " + TABLE_53.get(i));
        }
    }
}
