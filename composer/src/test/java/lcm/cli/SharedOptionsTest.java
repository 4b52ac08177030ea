package lcm.cli;

import lcm.TestRepo;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Options that several commands share have one declaration, one check and one message. */
class SharedOptionsTest {

    private static String fixture(String f) {
        return TestRepo.file(f).toString();
    }

    @Test
    void realBytesIsCheckedTheSameInComposeAndCompare() {
        CliRun compose = CliRun.of("compose", fixture("fixtures/compose/nested_loops.f"), "--real-bytes", "5");
        CliRun compare = CliRun.of("compare", fixture("fixtures/compose/nested_loops.f"),
                fixture("fixtures/compose/nested_loops.f"), "--real-bytes", "5");
        assertEquals(2, compose.code());
        assertEquals(2, compare.code());
        assertTrue(compose.err().contains("--real-bytes must be 4 or 8, not 5"), compose.err());
        assertTrue(compare.err().contains("--real-bytes must be 4 or 8, not 5"), compare.err());
    }

    @Test
    void timeLimitsAreNumbersOfSecondsFromZeroToADay() {
        for (String bad : new String[] {"1e400", "NaN", "-1", "Infinity", "two"}) {
            CliRun r = CliRun.of("compose", fixture("fixtures/compose/nested_loops.f"), "--symbolic-seconds", bad);
            assertEquals(2, r.code(), bad);
            assertTrue(r.err().startsWith("lcm: Invalid value for option '--symbolic-seconds': '" + bad + "' is not a number of seconds"),
                    r.err());
        }
        CliRun zero = CliRun.of("compare", fixture("fixtures/compose/nested_loops.f"),
                fixture("fixtures/compose/nested_loops.f"), "--symbolic-seconds", "0");
        assertEquals(2, zero.code());
        assertTrue(zero.err().contains("--symbolic-seconds must be above 0, not 0"), zero.err());
    }
}
