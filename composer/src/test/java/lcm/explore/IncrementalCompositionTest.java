package lcm.explore;

import lcm.TestRepo;
import lcm.annotation.Category;
import lcm.bench.GeneratedProgram;
import lcm.compose.ComposeOptions;
import lcm.compose.ComposedModel;
import lcm.compose.Composer;
import lcm.dag.Dag;
import lcm.dag.Node;
import lcm.dag.NodeKind;
import lcm.dag.Program;
import lcm.dag.Scheduling;
import lcm.frontend.ProgramReader;
import lcm.machine.MachineDescriptionReader;
import lcm.source.SourceRegistry;
import lcm.source.UserError;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The composer that reuses subtrees (one per exploration, {@link Predictor}) gives every variant
 * the model a fresh composer gives it, to the bit: the same expressions of T_P and each category,
 * the same checks and warnings, and the same doubles at every point, for every variant to depth 3
 * of tp.f (KSR1, its transfers charged), of JacobiLoop.java with its data lines (tasks in the
 * common pool), of tp_sync.f (synchronizing tasks) and of a generated program of 32 fragments and
 * calls of shared subroutines; with a bound of three nodes kept as with the default; and it
 * composes anew a node whose runtime facts changed though the node object did not.
 */
class IncrementalCompositionTest {

    static final SourceRegistry SOURCES = new SourceRegistry();

    @TempDir
    Path dir;

    static ComposeOptions ksr1() {
        return ComposeOptions.defaults().withoutSimplification().withoutRules().withMachine(
                MachineDescriptionReader.read(TestRepo.file("fixtures/machines/ksr1.machine"), SOURCES));
    }

    static Program read(Path file) {
        return new ProgramReader(SOURCES).read(List.of(file)).orThrow();
    }

    static List<Map<String, Double>> points(String... extra) {
        List<Map<String, Double>> out = new ArrayList<>();
        for (double n : new double[] {64, 256, 1024}) {
            for (double p : new double[] {1, 2, 5, 26}) {
                Map<String, Double> at = new java.util.LinkedHashMap<>(Map.of("n", n, "p", p));
                for (int i = 0; i < extra.length; i += 2) {
                    at.put(extra[i], Double.parseDouble(extra[i + 1]));
                }
                out.add(at);
            }
        }
        return out;
    }

    /** Composes every variant to depth 3 fresh and with one reusing composer; returns the nodes it took. */
    static long sameBothWays(Program program, ComposeOptions options, List<Map<String, Double>> points, int kept) {
        List<Variant> variants = Search.run(program, 3, 2000, Long.MAX_VALUE, v -> 0).variants();
        Composer reusing = Composer.reusingSubtrees(options, kept);
        int composed = 0;
        for (Variant v : variants) {
            ComposedModel fresh;
            try {
                fresh = new Composer(options).compose(v.program());
            } catch (UserError cannot) {
                String expected = cannot.getMessage();
                UserError again = org.junit.jupiter.api.Assertions.assertThrows(UserError.class,
                        () -> reusing.compose(v.program()), v.label());
                assertEquals(expected, again.getMessage(), v.label());
                continue;
            }
            ComposedModel reused = reusing.compose(v.program());
            composed++;
            String what = v.label();
            assertEquals(fresh.time(), reused.time(), what);
            assertEquals(fresh.categories(), reused.categories(), what);
            assertEquals(fresh.variables(), reused.variables(), what);
            assertEquals(fresh.warnings(), reused.warnings(), what);
            assertEquals(fresh.checks().size(), reused.checks().size(), what);
            assertEquals(fresh.syncNodes().size(), reused.syncNodes().size(), what);
            List<ComposedModel.PointValues> a = fresh.evaluate(points);
            List<ComposedModel.PointValues> b = reused.evaluate(points);
            for (int i = 0; i < points.size(); i++) {
                String at = what + " at " + points.get(i);
                assertEquals(Double.doubleToLongBits(a.get(i).time()), Double.doubleToLongBits(b.get(i).time()), at);
                for (Category c : Category.values()) {
                    assertEquals(Double.doubleToLongBits(a.get(i).categories().get(c)),
                            Double.doubleToLongBits(b.get(i).categories().get(c)), at + " " + c);
                }
                assertEquals(a.get(i).warnings(), b.get(i).warnings(), at);
                // one point at a time (the interpreted checks) gives the same warnings as all points at once
                assertEquals(fresh.evaluate(points.get(i)).warnings(), b.get(i).warnings(), at);
            }
        }
        assertTrue(composed > 1, "variants composed: " + composed);
        Composer.Reuse reuse = reusing.reuse();
        assertTrue(reuse.kept() <= kept, reuse.toString());
        return reuse.taken();
    }

    @Test
    void everyVariantOfTpIsComposedTheSameWithReusedSubtrees() {
        Program tp = read(TestRepo.file("fixtures/fft2d/tp.f"));
        List<Map<String, Double>> at = points("itors", "16");
        assertTrue(sameBothWays(tp, ksr1(), at, Predictor.KEPT) > 0);
        sameBothWays(tp, ksr1(), at, 3); // most of what is kept is dropped: still the same models
    }

    @Test
    void everyVariantOfJacobiWithItsDataLinesIsComposedTheSame() throws IOException {
        JacobiExploreTest jacobi = new JacobiExploreTest();
        jacobi.dir = dir;
        Program loop = read(jacobi.annotated());
        ComposeOptions options = ComposeOptions.defaults().withoutSimplification().withoutRules();
        List<Map<String, Double>> at = points("sweeps", "50");
        assertTrue(sameBothWays(loop, options, at, Predictor.KEPT) > 0);
        sameBothWays(loop, options, at, 3);
    }

    @Test
    void synchronizingTasksAndSharedSubroutinesAreComposedTheSame() throws IOException {
        assertTrue(sameBothWays(read(TestRepo.file("fixtures/fft2d/tp_sync.f")), ksr1(), points("itors", "16"),
                Predictor.KEPT) >= 0);
        Path generated = Files.writeString(dir.resolve("generated.f"), GeneratedProgram.write(32, 4, 42));
        assertTrue(sameBothWays(read(generated), ksr1(), points("itors", "16"), Predictor.KEPT) > 0);
    }

    @Test
    void aNodeWhoseRuntimeChangedIsComposedAnew() {
        Program tp = read(TestRepo.file("fixtures/fft2d/tp.f"));
        ComposeOptions options = ksr1();
        Node sections = tp.dag().nodes().stream().filter(n -> n.kind() == NodeKind.PARALLEL).findFirst().orElseThrow();
        Map<Node, Scheduling> pooled = new IdentityHashMap<>(tp.dag().schedules());
        pooled.put(sections, Scheduling.commonPool("a test: the same nodes, run in the common pool"));
        Program inPool = new Program(new Dag(tp.root(), tp.dag().implicit(), pooled), tp.constants(), tp.sizes(),
                tp.measuredIn(), tp.warnings());
        Composer reusing = Composer.reusingSubtrees(options, Predictor.KEPT);
        ComposedModel team = reusing.compose(tp);
        ComposedModel pool = reusing.compose(inPool);
        assertEquals(new Composer(options).compose(inPool).time(), pool.time());
        assertNotEquals(team.time(), pool.time());
        assertEquals(1, pool.syncNodes().size());
        // the same program again: every node below the root's transfers is taken
        ComposedModel again = reusing.compose(tp);
        assertEquals(team.time(), again.time());
        assertTrue(reusing.reuse().taken() > 0, reusing.reuse().toString());
    }

    @Test
    void aComposerThatKeepsRulesComposesEveryNodeAnew() {
        Program tp = read(TestRepo.file("fixtures/fft2d/tp.f"));
        ComposeOptions withRules = ComposeOptions.defaults().withoutSimplification().withMachine(
                MachineDescriptionReader.read(TestRepo.file("fixtures/machines/ksr1.machine"), SOURCES));
        Composer reusing = Composer.reusingSubtrees(withRules, Predictor.KEPT);
        List<String> first = reusing.compose(tp).steps().stream().map(Object::toString).toList();
        List<String> second = reusing.compose(tp).steps().stream().map(Object::toString).toList();
        assertEquals(first, second);
        assertEquals(new Composer.Reuse(0, Predictor.KEPT, 0, 0), reusing.reuse());
    }
}
