package lcm.compare;

import lcm.source.UserError;
import lcm.values.Point;
import lcm.values.Ranges;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/** Where each variable's value comes from: --range, --fix, the default ranges, the sources' defaults. */
class DomainResolverTest {

    private static Alternative withDefaults(String name, String time, Map<String, Double> defaults) {
        Alternative a = TestModels.of(name, time);
        return new Alternative(a.name(), a.file(), Alternative.Kind.PROGRAM, a.variables(), a.time(), a.categories(),
                defaults, List.of());
    }

    private static double[] integers(int from, int to) {
        return java.util.stream.IntStream.rangeClosed(from, to).asDoubleStream().toArray();
    }

    /** As the command line gives them: --range and --fix as text, parsed by lcm.values. */
    private static Domain resolve(List<Alternative> models, String range, String fix, int points) {
        return DomainResolver.resolve(models, range == null ? null : Ranges.parse(range),
                fix == null ? null : Point.parse(fix, "--fix"), points);
    }

    private static String message(UserError e) {
        return e.diagnostics().get(0).message();
    }

    @Test
    void withoutRangeNAndPRangeOverTheirDefaults() {
        Domain d = resolve(List.of(TestModels.of("a", "n/p + k"), TestModels.of("b", "n/p + 2*k")),
                null, "k=3", 0);
        assertEquals(List.of(new Axis("n", 64, 1024, 201), Axis.of("p", integers(1, 32), true)), d.axes());
        assertEquals("p", d.column().variable());
        assertEquals("n", d.row().orElseThrow().variable());
        assertEquals(List.of("p", "n"), d.order());
        assertEquals(Map.of("k", 3.0), d.fixed());
    }

    @Test
    void oneAxisGetsAThousandAndOnePoints() {
        Domain d = resolve(List.of(TestModels.of("a", "1/p"), TestModels.of("b", "2/p")), null, null, 0);
        assertEquals(List.of(Axis.of("p", integers(1, 32), true)), d.axes(), "p takes the integers 1..32");
    }

    @Test
    void theSourcesDefaultsFixWhatIsNeitherRangedNorFixed() {
        Alternative a = withDefaults("tp.f", "itors*n/p", Map.of("itors", 16.0, "n", 256.0));
        Alternative b = withDefaults("dp.f", "itors*n/p + 1", Map.of("itors", 16.0));
        Domain d = resolve(List.of(a, b), "p=1:32", null, 0);
        assertEquals(Map.of("n", 256.0, "itors", 16.0), d.fixed());
        assertEquals("default in tp.f", d.origins().get("itors"));
        // without --range, n ranges over 64:1024 even though the sources give it a value
        assertEquals(List.of("n", "p"), resolve(List.of(a, b), null, null, 0).axes().stream()
                .map(Axis::variable).toList());
    }

    @Test
    void conflictingDefaultsAreAnError() {
        Alternative a = withDefaults("a.f", "itors/p", Map.of("itors", 16.0));
        Alternative b = withDefaults("b.f", "itors/p", Map.of("itors", 8.0));
        assertEquals("'itors' has different defaults in a.f (16) and b.f (8): give --fix itors=V or --range "
                + "itors=FROM:TO", message(assertThrows(UserError.class,
                        () -> resolve(List.of(a, b), null, null, 0))));
    }

    @Test
    void aVariableWithNoValueIsAnError() {
        assertEquals("no value for 'n' (a variable of a): give --fix n=V or --range n=FROM:TO", message(assertThrows(
                UserError.class, () -> resolve(List.of(TestModels.of("a", "n/p"), TestModels.of("b", "n/p")),
                        "p=1:8", null, 0))));
        assertEquals("--range n=1:2,p=1:2,k=1:2: at most two variables can range (fix the others with --fix)",
                message(assertThrows(UserError.class, () -> resolve(List.of(TestModels.of("a", "n*k/p"),
                        TestModels.of("b", "n*k/p")), "n=1:2,p=1:2,k=1:2", null, 0))));
        assertEquals("nothing ranges: give --range (e.g. --range p=1:32)", message(assertThrows(UserError.class,
                () -> resolve(List.of(TestModels.of("a", "k"), TestModels.of("b", "2*k")), null, "k=1", 0))));
    }

    @Test
    void rangeEndsMayBeConstantExpressions() {
        Domain d = resolve(List.of(TestModels.of("a", "n"), TestModels.of("b", "2*n")), "n=2^6:2^10", null, 3);
        assertEquals(new Axis("n", 64, 1024, 3), d.axes().get(0));
        assertEquals(544.0, d.axes().get(0).value(1));
    }

    @Test
    void representativesArePowersOfTwoWhenTheyFit() {
        assertEquals(List.of(64.0, 128.0, 256.0, 512.0, 1024.0), box(new Axis("n", 64, 1024, 2).representatives(5)));
        assertEquals(List.of(1.0, 2.0, 4.0, 8.0, 16.0, 32.0), box(new Axis("p", 1, 32, 2).representatives(5)));
        assertEquals(List.of(10.0, 32.5, 55.0, 77.5, 100.0), box(new Axis("n", 10, 100, 2).representatives(5)));
    }

    private static List<Double> box(double[] v) {
        return java.util.Arrays.stream(v).boxed().toList();
    }
}
