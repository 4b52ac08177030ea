package lcm.bench.fuzz;

import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.util.EnumSet;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The fuzz harness itself: deterministic mutations of every kind, and a judge that rejects what it must. */
class MutatorTest {

    private static final byte[] SEED = "model: pc = n^2/102400 + 0.5*p\nmodel: li = 2*p\n".getBytes(StandardCharsets.UTF_8);

    @Test
    void theSameSeedAndIndexGiveTheSameBytesAndEveryKindOccurs() {
        Set<Mutator.Kind> seen = EnumSet.noneOf(Mutator.Kind.class);
        for (int i = 0; i < 300; i++) {
            Mutator.Result a = Mutator.mutate(SEED, 7, i);
            assertArrayEquals(a.bytes(), Mutator.mutate(SEED, 7, i).bytes());
            seen.addAll(a.kinds());
        }
        assertEquals(EnumSet.allOf(Mutator.Kind.class), seen);
    }

    @Test
    void theJudgeAcceptsExit0AndLocatedExit2Only() {
        byte[] twoLines = "a\nb\n".getBytes(StandardCharsets.UTF_8);
        assertNull(Fuzzer.judge(0, "", twoLines, "in.f"));
        assertNull(Fuzzer.judge(2, "/tmp/x/in.f:2:3: bad thing\n  b\n    ^\n", twoLines, "in.f"));
        // a file of 2 lines ends in a third, empty one; line 4 is where a reader may report its end; 5 cannot exist
        assertNull(Fuzzer.judge(2, "/tmp/x/in.f:4:1: unexpected end of file\n", twoLines, "in.f"));
        assertNotNull(Fuzzer.judge(2, "/tmp/x/in.f:5:1: bad thing\n", twoLines, "in.f"));
        assertNotNull(Fuzzer.judge(2, "lcm: something went wrong\n", twoLines, "in.f"));
        // a problem of the whole file names it
        assertNull(Fuzzer.judge(2, "lcm: /tmp/x/in.f: no measurements (read as pp)\n", twoLines, "in.f"));
        assertNotNull(Fuzzer.judge(2, "lcm: no value for 'NaN' (a variable of in.f)\n", twoLines, "in.f"));
        assertNotNull(Fuzzer.judge(1, "lcm: internal error: java.lang.ArithmeticException: zero denominator\n",
                twoLines, "in.f"));
        assertTrue(Fuzzer.judge(2, "in.f:1:1: x\n\tat lcm.Foo.bar(Foo.java:1)\n", twoLines, "in.f").startsWith("exit 2"));
    }

    @Test
    void linesAreCountedForEveryLineEnd() {
        assertEquals(3, Fuzzer.lines("a\nb\n".getBytes(StandardCharsets.UTF_8)));
        assertEquals(3, Fuzzer.lines("a\r\nb\r\n".getBytes(StandardCharsets.UTF_8)));
        assertEquals(3, Fuzzer.lines("a\rb\r".getBytes(StandardCharsets.UTF_8)));
        assertEquals(1, Fuzzer.lines(new byte[0]));
    }
}
