package lcm.measure;

import lcm.expr.Numbers;
import lcm.bench.Linearity;
import lcm.source.Diagnostic;
import lcm.source.Diagnostics;
import lcm.source.SourceText;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Numbers in pp, CSV and Extra-P text: the documented ASCII grammar, located errors for the rest. */
class NumberReadingTest {

    private static List<String> errors(MeasurementReader reader, String name, String text) {
        Diagnostics d = new Diagnostics();
        reader.read(SourceText.of(Path.of(name), text), d);
        return d.sorted().stream().map(Diagnostic::headline).toList();
    }

    @Test
    void hugeExponentsAreOutOfRangeNotInternalErrors() {
        assertEquals(List.of("x.pp:1:3: bad value '1e999999999' for 'n': number out of range (the largest is about 1.8e308)"),
                errors(new PpLineReader(), "x.pp", "n=1e999999999 pc=2\n"));
    }

    @Test
    void otherScriptsDigitsAreNamed() {
        assertEquals(List.of("x.csv:2:1: bad value '\u0661\u0662' in column 'n': expected a number in ASCII digits "
                + "(found '\u0661', U+0661)"), errors(new CsvReader(), "x.csv", "n,pc\n\u0661\u0662,4\n"));
    }

    @Test
    void twentyDigitIntegersAreNumbers() {
        // counts and coordinates are read by the one grammar, as doubles: no integer overflow
        assertEquals(List.of(), errors(new PpLineReader(), "x.pp", "n=99999999999999999999 pc=4\n"));
        assertEquals(List.of(), errors(new ExtraPTextReader(), "x.txt",
                "PARAMETER x\nPOINTS 99999999999999999999\nREGION r\nDATA 1\n"));
    }

    @Test
    void nanInfinityHexAndSuffixesAreNotMeasurements() {
        assertEquals(List.of("x.pp:1:3: bad value 'NaN' for 'n': expected a number (and 3 more bad values on this line)"),
                errors(new PpLineReader(), "x.pp", "n=NaN pc=Infinity li=0x10 sl=1.5f\n"));
    }

    @Test
    void aLineOfManyBadValuesIsOneError() {
        StringBuilder data = new StringBuilder("DATA");
        for (int i = 0; i < 100_000; i++) {
            data.append(" x").append(i);
        }
        assertEquals(List.of("x.txt:4:6: bad value 'x0': expected a number (and 99999 more bad values on this line)"),
                errors(new ExtraPTextReader(), "x.txt", "PARAMETER x\nPOINTS 1\nREGION r\n" + data + "\n"));
    }

    @Test
    void theGrammarByHand() {
        for (String yes : List.of("1", "+1", "-1.", ".5", "1.5", "1e5", "1.5D-3", "-.5e+2", "007")) {
            assertTrue(Numbers.decimal(yes), yes);
        }
        for (String no : List.of("", "+", ".", "-.", "e5", "1e", "1e+", "1.5.2", "1x", " 1", "1 ", "1_0", "\u0661")) {
            assertFalse(Numbers.decimal(no), no);
        }
    }

    @Tag("timing")
    @Test
    void fiftyThousandDigitsAndAnXAreOneErrorInLinearTime() {
        String digits = "1".repeat(50_000);
        List<String> e = errors(new CsvReader(), "x.csv", "n,pc\n" + digits + "x,4\n");
        assertEquals(1, e.size());
        // the message keeps its first and last 460 characters (lcm.source.Diagnostic.LONGEST)
        assertTrue(e.get(0).startsWith("x.csv:2:1: bad value '" + digits.substring(0, 400)), e.get(0));
        assertTrue(e.get(0).contains("1 ... (49126 characters left out) ... 1"), e.get(0));
        assertTrue(e.get(0).endsWith("1x' in column 'n': expected a number"), e.get(0));
        // timed at 10^6 and 10^7 digits: both larger than the processor's caches (at 50,000 and 500,000 the
        // second alone left the second-level cache: ratios of 13-14 that were the cache, not the reader)
        Linearity.Ratio csv = Linearity.of(1_000_000, 5, n -> {
            String text = "n,pc\n" + "1".repeat(n) + "x,4\n";
            return () -> errors(new CsvReader(), "x.csv", text);
        });
        // at most 20, not 12: the larger input's 10 MB arrays are allocated outside the young generation and zeroed
        // by this thread (docs/reliability.md); a quadratic reader gives 100
        assertTrue(csv.ratio() <= 20, "CSV: " + csv);
        Linearity.Ratio pp = Linearity.of(1_000_000, 5, n -> {
            String text = "n=" + "1".repeat(n) + "x pc=4\n";
            return () -> errors(new PpLineReader(), "x.pp", text);
        });
        assertTrue(pp.ratio() <= 20, "pp: " + pp);
    }
}
