package lcm.compare;

import lcm.source.UserError;
import lcm.values.Point;
import lcm.values.Ranges;
import org.junit.jupiter.api.Test;

import java.util.Arrays;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** p takes integer values; lists, powers of two and geometric ranges (docs/compare.md, "The range"). */
class IntegerRangeTest {

    private static final List<Alternative> AB = TestModels.fixtures("fixtures/compare/a.lcm", "fixtures/compare/b.lcm");
    private static final List<Alternative> NP = TestModels.fixtures("fixtures/compare/np_a.lcm", "fixtures/compare/np_b.lcm");

    /** As the command line gives them: --range and --fix as text, parsed by lcm.values. */
    private static Domain resolve(List<Alternative> models, String range, String fix, int points) {
        return DomainResolver.resolve(models, range == null ? null : Ranges.parse(range),
                fix == null ? null : Point.parse(fix, "--fix"), points);
    }

    private static Axis axis(List<Alternative> models, String range, String variable) {
        return resolve(models, range, null, 0).axis(variable).orElseThrow();
    }

    private static String message(String range) {
        return assertThrows(UserError.class, () -> resolve(AB, range, null, 0)).diagnostics().get(0).message();
    }

    @Test
    void theFormsOfARange() {
        // p=1:32: the 32 integers; p=1,2,4,8: the list; p=2^0:2^5: 1, 2, 4, 8, 16, 32
        Axis all = axis(AB, "p=1:32", "p");
        assertEquals(32, all.points());
        assertEquals(7.0, all.value(6));
        assertTrue(all.integer());
        assertArrayEquals(new double[] {1, 2, 4, 8}, axis(AB, "p=1,2,4,8", "p").values());
        assertArrayEquals(new double[] {1, 2, 4, 8, 16, 32}, axis(AB, "p=2^0:2^5", "p").values());
        assertArrayEquals(new double[] {1, 3, 9, 27}, axis(AB, "p=1:27:*3", "p").values());
        // n=64:4096:*2: 64, 128, ..., 4096 (7 values); n=64:1000:*2 ends at 1000 (the end is always a sample)
        assertArrayEquals(new double[] {64, 128, 256, 512, 1024, 2048, 4096}, axis(NP, "n=64:4096:*2,p=1:4", "n").values());
        assertArrayEquals(new double[] {64, 128, 256, 512, 1000}, axis(NP, "n=64:1000:*2,p=1:4", "n").values());
        // a list beside another variable: the items without '=' continue the list
        Domain d = resolve(NP, "p=1,2,4,n=64:128", null, 5);
        assertArrayEquals(new double[] {1, 2, 4}, d.axis("p").orElseThrow().values());
        assertEquals(5, d.axis("n").orElseThrow().points());
        assertTrue(!d.axis("n").orElseThrow().integer());
    }

    @Test
    void badRanges() {
        assertEquals("--range p=1.5:32: p takes integer values (processors): give integer ends, not 1.5:32",
                message("p=1.5:32"));
        assertEquals("--range p=1,2.5,4: p takes integer values (processors), not 2.5", message("p=1,2.5,4"));
        assertEquals("--range p=1,4,2: the values of p must increase (4 then 2)", message("p=1,4,2"));
        assertEquals("--range p=1:32:+2: the step of p must be a factor like *2 (a geometric range), not '+2'",
                message("p=1:32:+2"));
        assertEquals("--range p=1:32:*1: the factor of p must be above 1, not 1", message("p=1:32:*1"));
    }

    @Test
    void aCrossoverInPIsAPairOfNeighbouringIntegers() {
        // T_A - T_B = 40/p - p: zero at sqrt(40) = 6.3246; at p = 6: 6.67 - 6 > 0 (B faster),
        // at p = 7: 5.71 - 7 < 0 (A faster). Sampled only at powers of two, the pair is still 6 and 7.
        Comparison c = TestModels.compare(AB, "p=2^0:2^5");
        Crossover x = c.crossovers().get(0);
        assertEquals(List.of(6.0, 7.0), List.of(x.lower(), x.upper()));
        assertEquals(Math.sqrt(40), x.value(), 1e-6);
        assertEquals("between p = 6 and p = 7 (real root p = 6.32455532)", x.where());
        // the best p is one of the samples: T_A(4) = 25 + 8 = 33, T_A(8) = 12.5 + 16 = 28.5, T_A(16) = 6.25 + 32 = 38.25
        assertEquals(8.0, c.processors().get(0).bestP().get(0).p());
        assertEquals(28.5, c.processors().get(0).bestP().get(0).time(), 1e-12);
        assertEquals("b.lcm for p in [1, 6], a.lcm for p in [7, 32]",
                c.verdict().text().substring(c.verdict().text().indexOf("b.lcm for")).replaceAll("\\.$", ""));
    }

    @Test
    void geometricNRowsAndIntegerP() {
        // T_a - T_b = -n^2/p + 3 n p: zero at p = sqrt(n/3): 4.62 at n = 64, 6.53 at n = 128, 9.24 at n = 256
        Comparison c = TestModels.compare(NP, "n=64:256:*2,p=1:16");
        assertEquals(List.of(64.0, 128.0, 256.0), c.rows().stream().map(Comparison.RowView::row).toList());
        List<String> where = c.rows().stream().map(r -> r.crossovers().get(0).where()).toList();
        assertEquals(List.of("between p = 4 and p = 5 (real root p = 4.618802154)",
                "between p = 6 and p = 7 (real root p = 6.531972647)",
                "between p = 9 and p = 10 (real root p = 9.237604307)"), where);
        assertTrue(Arrays.stream(c.grid().domain().column().values()).allMatch(v -> v == Math.rint(v)));
    }
}
