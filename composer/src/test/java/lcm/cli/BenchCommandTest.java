package lcm.cli;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

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
        assertEquals("lcm: unknown section 'nosuch' in --only (expected one of parse, compose, eval, compare, explore, "
                + "fit, read, trace, startup)", only.err().strip());
    }

    @Test
    void theOutputFormatIsTheSharedFormatOptionAndJsonItsOldName() {
        CliRun csv = CliRun.of("bench", "--only", "parse", "--format", "csv");
        assertEquals(2, csv.code());
        assertTrue(csv.err().startsWith("lcm: Invalid value for option '--format': expected one of [text, json] "
                + "(case-insensitive) but was 'csv'\n"), csv.err());
        CliRun help = CliRun.of("bench", "--help");
        assertTrue(help.out().contains("--format=<format>"), help.out());
        assertFalse(help.out().contains("--json"), help.out());
        // the old name still works, says the new one, and fails on the same bad option as before
        CliRun old = CliRun.of("bench", "--only", "parse", "--runs", "0", "--json");
        assertEquals(2, old.code());
        assertEquals("lcm: warning: --json is now --format json; the old name goes in the next release\n"
                + "lcm: --runs must be between 1 and 100 (was 0)", old.err().strip());
    }
}
