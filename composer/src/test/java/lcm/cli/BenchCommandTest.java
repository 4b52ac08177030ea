package lcm.cli;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** lcm bench refuses bad options before timing anything. */
class BenchCommandTest {

    @Test
    void aSizeWithoutRoomForAFragmentAndACallIsRefused() {
        CliRun r = CliRun.of("bench", "--only", "compose", "--sizes", "1000,0");
        assertEquals(2, r.code());
        assertEquals("lcm: --sizes: each size must be between 2 and 10,000,000 leaves (was 0)", r.err().strip());
    }

    @Test
    void runsOutOfRangeAndUnknownSectionsAreRefused() {
        CliRun runs = CliRun.of("bench", "--only", "parse", "--runs", "0");
        assertEquals(2, runs.code());
        assertEquals("lcm: --runs must be between 1 and 100 (was 0)", runs.err().strip());
        CliRun only = CliRun.of("bench", "--only", "nosuch");
        assertEquals(2, only.code());
        assertEquals("lcm: unknown section 'nosuch' in --only (expected one of parse, compose, eval, compare, fit, "
                + "read, trace, startup)", only.err().strip());
    }
}
