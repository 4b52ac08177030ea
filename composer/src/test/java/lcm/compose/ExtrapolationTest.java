package lcm.compose;

import lcm.compare.Alternative;
import lcm.compare.AlternativeLoader;
import lcm.compare.CompareRequest;
import lcm.compare.Comparer;
import lcm.frontend.ProgramReader;
import lcm.source.SourceRegistry;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A fragment's {@code fitted-on:} ranges make composition say when a prediction extrapolates:
 * a variable more than 2x the largest value fitted, p being the fragment's width.
 */
class ExtrapolationTest {

    @TempDir
    Path dir;

    private ComposedModel compose(String main) throws Exception {
        Path f = dir.resolve("T.java");
        Files.writeString(f, """
                import java.util.stream.IntStream;
                import java.util.concurrent.CompletableFuture;

                public class T {
                    static int n = 1000;

                    //@lcm model: pc = n/1000
                    //@lcm model: li = 0.001*p
                    //@lcm fitted-on: n = 256:2048, p = 1:2, runs = 12
                    static void work() {
                        IntStream.range(0, n).parallel().forEach(i -> { });
                    }

                    public static void main(String[] args) {
                """ + main + """
                    }
                }
                """);
        return new Composer(ComposeOptions.defaults()).compose(
                new ProgramReader(new SourceRegistry()).read(List.of(f)).orThrow());
    }

    /** n first, then p (a point prints in its map's order). */
    private static Map<String, Double> at(double n, double p) {
        Map<String, Double> point = new LinkedHashMap<>();
        point.put("n", n);
        point.put("p", p);
        return point;
    }

    @Test
    void beyondTwiceTheLargestWidthIsSaidAtThePoint() throws Exception {
        ComposedModel m = compose("        work();\n");
        // the fragment runs alone: its width is p. p = 4 is 2x the largest fitted p (2): not yet an extrapolation
        assertTrue(m.evaluate(at(1000.0, 4.0)).warnings().isEmpty(),
                m.evaluate(at(1000.0, 4.0)).warnings().toString());
        // p = 16: 8x
        List<String> w = m.evaluate(at(1000.0, 16.0)).warnings();
        assertEquals(1, w.size(), w.toString());
        assertTrue(w.get(0).endsWith("work: extrapolated: p = 16 is 8x the largest measured p (2), at n = 1000, p = 16"),
                w.get(0));
        // n = 5000 is 2.4x the largest n (2048), p = 2 within the range
        List<String> n = m.evaluate(at(5000.0, 2.0)).warnings();
        assertEquals(List.of(n.get(0).substring(0, n.get(0).indexOf("work:")) + "work: extrapolated: n = 5000 is 2.4x the "
                + "largest measured n (2048), at n = 5000, p = 2"), n);
    }

    @Test
    void aTaskInThePoolIsCheckedAtTheWidestItCanRun() throws Exception {
        // in the common pool a task's loop can hold up to p processors: at p = 4, 2x the largest p fitted,
        // no warning; at p = 16, 8x
        ComposedModel pool = compose("""
                        CompletableFuture<Void> a = CompletableFuture.runAsync(() -> work());
                        CompletableFuture<Void> b = CompletableFuture.runAsync(() -> work());
                        CompletableFuture.allOf(a, b).join();
                """);
        assertTrue(pool.evaluate(at(1000.0, 4.0)).warnings().isEmpty());
        List<String> wide = pool.evaluate(at(1000.0, 16.0)).warnings();
        assertEquals(1, wide.size(), wide.toString());
        assertTrue(wide.get(0).contains("work: extrapolated: p = 16 is 8x the largest measured p (2), at n = 1000, p = 16"),
                wide.get(0));
    }

    @Test
    void aTaskOfTwoEvaluatesItsFragmentAtHalfTheProcessors() throws Exception {
        ComposedModel m = compose("""
                        //@lcm pool: team
                        CompletableFuture<Void> a = CompletableFuture.runAsync(() -> work());
                        CompletableFuture<Void> b = CompletableFuture.runAsync(() -> work());
                        CompletableFuture.allOf(a, b).join();
                """);
        // a static team ('pool: team'): each task gets p/2: at p = 8 the fragment's width is 4, 2x the largest p
        // fitted: no warning; at p = 16, 8 is 4x
        assertTrue(m.evaluate(at(1000.0, 8.0)).warnings().isEmpty());
        List<String> w = m.evaluate(at(1000.0, 16.0)).warnings();
        assertEquals(1, w.size(), w.toString());
        assertTrue(w.get(0).contains("work: extrapolated: p = 8 is 4x the largest measured p (2), at n = 1000, p = 16"),
                w.get(0));
    }

    @Test
    void evaluatingForTheExtrapolationsAloneGivesTheSameValuesAndOnlyThoseWarnings() throws Exception {
        ComposedModel m = compose("""
                        //@lcm pool: team
                        CompletableFuture<Void> a = CompletableFuture.runAsync(() -> work());
                        CompletableFuture<Void> b = CompletableFuture.runAsync(() -> work());
                        CompletableFuture<Void> c = CompletableFuture.runAsync(() -> work());
                        CompletableFuture.allOf(a, b, c).join();
                """);
        List<Map<String, Double>> points = List.of(at(1000.0, 2.0), at(1000.0, 24.0), at(5000.0, 24.0), at(1000.0, 6.0));
        List<ComposedModel.PointValues> all = m.evaluate(points);
        List<ComposedModel.PointValues> extrapolations = m.evaluate(points, lcm.width.PointCheck.Kind.EXTRAPOLATION);
        // at p = 2 three tasks get 2/3 of a processor each: a condition fails, and it is not kept
        assertTrue(all.get(0).warnings().stream().anyMatch(x -> !x.contains("extrapolated")), all.get(0).warnings().toString());
        assertEquals(List.of(), extrapolations.get(0).warnings());
        // at p = 24 each task's width is 8, 4x the largest p fitted; at n = 5000 also n, 2.4x
        assertEquals(1, extrapolations.get(1).warnings().size(), extrapolations.get(1).warnings().toString());
        assertEquals(2, extrapolations.get(2).warnings().size(), extrapolations.get(2).warnings().toString());
        for (int i = 0; i < points.size(); i++) {
            ComposedModel.PointValues v = all.get(i);
            assertEquals(v.warnings().stream().filter(x -> x.contains(": extrapolated: ")).toList(),
                    extrapolations.get(i).warnings(), points.get(i).toString());
            assertEquals(Double.doubleToRawLongBits(v.time()), Double.doubleToRawLongBits(extrapolations.get(i).time()));
            assertEquals(v.categories(), extrapolations.get(i).categories());
        }
    }

    @Test
    void compareSaysItAtTheRangesLargestValues() throws Exception {
        compose("        work();\n");
        Path other = dir.resolve("U.java");
        Files.writeString(other, Files.readString(dir.resolve("T.java")).replace("class T", "class U")
                .replace("//@lcm fitted-on: n = 256:2048, p = 1:2, runs = 12\n", ""));
        List<Alternative> models = new AlternativeLoader(new SourceRegistry(), ComposeOptions.defaults(),
                files -> new ProgramReader(new SourceRegistry()).read(files).orThrow())
                .loadAll(List.of(dir.resolve("T.java").toString(), other.toString()));
        List<String> w = new Comparer(CompareRequest.defaults().withRange("n=256:2048:*2,p=1:16:*2")).compare(models)
                .warnings();
        // T at the range's largest values, n = 2048 and p = 16: p 8x the largest fitted; U has no fitted-on line
        assertEquals(1, w.stream().filter(x -> x.contains("extrapolated")).count(), w.toString());
        assertTrue(w.stream().anyMatch(x -> x.startsWith("T.java: ") && x.endsWith("work: extrapolated: p = 16 is 8x "
                + "the largest measured p (2), at n = 2048, p = 16 (the range's largest values)")), w.toString());
    }
}
