package lcm.expr;

import org.junit.jupiter.api.Test;

import java.util.LinkedHashMap;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** The one number format: what each of its forms prints, by hand. */
class NumberTextTest {

    @Test
    void plainKeepsSevenSignificantDigitsAndDropsTrailingZeros() {
        assertEquals("26", NumberText.plain(26));
        assertEquals("0.2265603", NumberText.plain(0.22656028));
        assertEquals("0.5", NumberText.plain(0.50000));
        assertEquals("1234.568", NumberText.plain(1234.5678));
        // scientific below 0.001 and from 10^10
        assertEquals("1.7e-5", NumberText.plain(1.7e-5));
        assertEquals("0.001", NumberText.plain(0.001));
        assertEquals("1.234568e10", NumberText.plain(12345678901.5));
        assertEquals("NaN", NumberText.plain(Double.NaN));
        assertEquals("-inf", NumberText.plain(Double.NEGATIVE_INFINITY));
    }

    @Test
    void fewerDigitsForNarrowColumns() {
        assertEquals("0.0123", NumberText.digits(0.012345, 3));
        assertEquals("1230", NumberText.digits(1234.5, 3));
    }

    @Test
    void fixedDecimalsForAlignedColumns() {
        assertEquals("0.2266", NumberText.fixed(0.22656, 4));
        assertEquals("1.0000", NumberText.fixed(1, 4));
        assertEquals("-0.0044", NumberText.fixed(-0.00444, 4));
        assertEquals("inf", NumberText.fixed(Double.POSITIVE_INFINITY, 2));
    }

    @Test
    void percentagesHaveOneDecimalAndASpace() {
        assertEquals("13.4 %", NumberText.percent(0.13365));
        assertEquals("+17.6 %", NumberText.signedPercent(0.17647));
        assertEquals("-9.1 %", NumberText.signedPercent(-0.0909));
        assertEquals("+0.0 %", NumberText.signedPercent(0));
    }

    @Test
    void countsAndPoints() {
        assertEquals("10,000", NumberText.count(10_000));
        Map<String, Double> at = new LinkedHashMap<>();
        at.put("n", 1024.0);
        at.put("p", 2.5);
        assertEquals("n = 1024, p = 2.5", NumberText.point(at));
        assertEquals("0.123456789012", NumberText.text(0.123456789012));
    }

    @Test
    void aCountOfOneIsSingular() {
        assertEquals("1 run", NumberText.counted(1, "run"));
        assertEquals("0 runs", NumberText.counted(0, "run"));
        assertEquals("59 resamples", NumberText.counted(59, "resample"));
        assertEquals("1 point", NumberText.counted(1L, "point"));
    }
}
