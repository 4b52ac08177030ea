package lcm.pp;

import lcm.source.Diagnostics;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The pp format's one codec: data lines and headers written, read back, and their bad values located. */
class PpCodecTest {

    private static final Path PP = Path.of("t.pp");

    @Test
    void aLineWrittenReadsBackFieldByField() {
        String line = PpLineCodec.line("cffts").text("n", "256").whole("procs", 16).number("width", 16).whole("execs", 1)
                .seconds("pc", 0.0021).seconds("li", 3e-10).seconds("ip", 1.23456789e-4).end();
        assertEquals("tag=cffts n=256 procs=16 width=16 execs=1 pc=0.0021 li=0 ip=0.0001234568\n", line);
        PpLineCodec c = new PpLineCodec(PP);
        Diagnostics d = new Diagnostics();
        assertTrue(c.read(line.strip(), 1, d));
        assertEquals("cffts", c.tag());
        assertEquals(7, c.count());
        assertEquals("procs", c.key(1));
        assertEquals(16, c.value(1));
        assertEquals(0.0001234568, c.value(6));
        assertEquals(17, c.column(1));
    }

    @Test
    void aBadValueIsReportedAtItsColumn() {
        PpLineCodec c = new PpLineCodec(PP);
        Diagnostics d = new Diagnostics();
        assertFalse(c.read("tag=cffts n=32 procs=1 width=1 execs=1 pc=--1 li=0 ip=0 sl=x", 3, d));
        assertEquals("t.pp:3:43: bad value '--1' for 'pc': expected a number (and 1 more bad value on this line)",
                d.errors().get(0).headline());
        d = new Diagnostics();
        assertFalse(c.read("tag=a pc= li=1", 4, d));
        assertEquals("t.pp:4:10: missing value for 'pc'", d.errors().get(0).headline());
        d = new Diagnostics();
        assertFalse(c.read("tag=a pc", 5, d));
        assertEquals("t.pp:5:7: expected key=value, found 'pc'", d.errors().get(0).headline());
    }

    @Test
    void headersWrittenReadBack() {
        PpHeader.Run run = new PpHeader.Run(16, 0.036737, 0.62, Map.of("n", "256"));
        assertEquals("# run: p = 16 processors; time 0.036737 s (first fragment's start to last fragment's end); "
                + "command 0.620 s; n = 256", run.line());
        assertEquals(run, PpHeader.of(run.line()).orElseThrow());
        assertEquals(Map.of("n", 256.0, "p", 16.0), run.point());
        PpHeader.Machine m = new PpHeader.Machine("vm", "Intel(R) Xeon(R) Processor", 16, "Linux 6.18", List.of(0.14, 0.03, 0.01));
        assertEquals("# machine: vm, Intel(R) Xeon(R) Processor, 16 processors, Linux 6.18; load average 0.14 0.03 0.01 "
                + "(1, 5, 15 min, after the run)", m.line());
        assertEquals(m, PpHeader.of(m.line()).orElseThrow());
        PpHeader.Mark mark = new PpHeader.Mark("fft2d", 7, "tp at n=128 p=2, run 2 of 2", 4.213);
        assertEquals("# campaign fft2d: task 7 (tp at n=128 p=2, run 2 of 2); 4.213 s", mark.line());
        assertEquals(mark, PpHeader.of(mark.line()).orElseThrow());
        assertTrue(PpHeader.of("# lines: one per fragment and run").isEmpty());
    }

    @Test
    void badHeaderValuesAreReportedAtTheirColumn() {
        assertEquals("t.pp:2:19: bad value '99999999999999999999' for 'processors': expected a whole number from 0 to "
                + "2147483647", headerError("# machine: vm, x, 99999999999999999999 processors, Linux"));
        assertEquals("t.pp:2:42: missing value for 'n'", headerError("# run: p = 16 processors; time 0.1 s; n = "));
        assertEquals("t.pp:2:12: bad value '1x' for 'p': expected a number", headerError("# run: p = 1x processors"));
        assertEquals("t.pp:2:31: bad value '0.1.2' for 'time': expected a number",
                headerError("# run: p = 1 processors; time 0.1.2 s"));
        assertEquals("t.pp:2:55: bad value 'x' for 'load average': expected a number",
                headerError("# machine: vm, cpu, 2 processors, Linux; load average x 1 2 (after)"));
    }

    private static String headerError(String line) {
        Diagnostics d = new Diagnostics();
        assertTrue(PpHeaderReader.read(line, PP, 2, d).isEmpty());
        return d.errors().get(0).headline();
    }

    @Test
    void numbersReadFromBytesEqualJavasParser() {
        Random r = new Random(11);
        for (int i = 0; i < 100_000; i++) {
            double v = Double.longBitsToDouble(r.nextLong());
            if (!Double.isFinite(v)) {
                continue;
            }
            String text = i % 3 == 0 ? Double.toString(v) : String.format(Locale.ROOT, "%." + (i % 17) + "g", v);
            byte[] b = text.getBytes();
            double java = Double.parseDouble(text);
            assertEquals(Double.isFinite(java) ? java : Double.NaN, DecimalBytes.parse(b, 0, b.length), text);
        }
        for (String bad : List.of("1e", "1e+", ".", "+", "1.5f", "0x10", "NaN", "1e999", "--1")) {
            byte[] b = bad.getBytes();
            assertTrue(Double.isNaN(DecimalBytes.parse(b, 0, b.length)), bad);
        }
        byte[] d = "1.0d-3".getBytes();
        assertEquals(1e-3, DecimalBytes.parse(d, 0, d.length));
    }

    @Test
    void aCheckedNumberEndsWhereTheReadOneDoes() {
        DecimalBytes numbers = new DecimalBytes();
        Random r = new Random(12);
        List<String> texts = new java.util.ArrayList<>(List.of("1e", "1e+", ".", "+", "1.5f", "0x10", "NaN", "1e999", "--1",
                "1e-999", "0.5", "-.5e3", "7.", "1" + "0".repeat(308), "1" + "0".repeat(309), "0".repeat(400) + "1",
                "0." + "0".repeat(400) + "1e400", "1" + "0".repeat(320) + "e-30", "12e300", "1e308", "2e308", "5 x", "3#2"));
        for (int i = 0; i < 20_000; i++) {
            double v = Double.longBitsToDouble(r.nextLong());
            texts.add(Double.isFinite(v) ? String.format(Locale.ROOT, "%." + (i % 17) + "g", v) : "1e" + i);
        }
        for (String text : texts) {
            byte[] b = text.getBytes();
            assertEquals(numbers.scan(b, 0, b.length), numbers.check(b, 0, b.length), text);
        }
        // by hand: a number ends before the first byte that cannot go on with it; none starts at a letter
        byte[] b = "3.25e2 x".getBytes();
        assertEquals(6, numbers.check(b, 0, b.length));
        assertEquals(6, numbers.scan(b, 0, b.length));
        assertEquals(325.0, numbers.value());
        assertEquals(-1, numbers.check("e5".getBytes(), 0, 2));
        assertEquals(-1, numbers.check("2e308".getBytes(), 0, 5));
    }

    @Test
    void aLineWhoseValuesAreOnlyCheckedHasTheSameFieldsWithoutTheirValues() {
        PpLineCodec c = new PpLineCodec(PP);
        Diagnostics d = new Diagnostics();
        assertTrue(c.read(bytes("tag=w n=64 execs=3 pc=0.25"), 0, 26, 1, d, false));
        assertEquals(3, c.count());
        assertEquals("w", c.tag());
        assertEquals(List.of("n", "execs", "pc"), List.of(c.key(0), c.key(1), c.key(2)));
        // execs is read all the same (its reader checks that it is whole); the others are not built
        assertTrue(Double.isNaN(c.value(0)));
        assertEquals(3.0, c.value(1));
        assertTrue(Double.isNaN(c.value(2)));
        assertEquals(20, c.column(2));
        assertFalse(c.read(bytes("tag=w n=64 pc=1e999"), 0, 19, 2, d, false));
        assertEquals("t.pp:2:15: bad value '1e999' for 'pc': number out of range (the largest is about 1.8e308)", d.errors().get(0).headline());
    }

    private static byte[] bytes(String s) {
        return s.getBytes(java.nio.charset.StandardCharsets.US_ASCII);
    }

}
