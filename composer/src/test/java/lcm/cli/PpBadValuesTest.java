package lcm.cli;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

/**
 * The three pp inputs of issue 34 that reached an internal error in {@code lcm validate}: a bad
 * data value, a machine header's processors out of range, a run header ending {@code n = }.
 * Every command that reads pp files gives the same located message, with its caret, and exit 2.
 */
class PpBadValuesTest {

    @TempDir
    Path dir;

    private static final String LINE = "tag=cffts n=32 procs=1 width=1 execs=1 pc=--1 li=0 ip=0 sl=0";

    /** Every command that reads {@code text} as a pp file says {@code file:LINE:COLUMN: message}, the line and a caret. */
    private void everyCommandSays(String text, int line, int column, String message) throws IOException {
        Path pp = Files.writeString(dir.resolve("m.pp"), text);
        String expected = pp + ":" + line + ":" + column + ": " + message + "\n"
                + "  " + text.lines().toList().get(line - 1) + "\n"
                + "  " + " ".repeat(column - 1) + "^\n";
        for (List<String> c : PpReadingCommands.of(pp, dir)) {
            CliRun r = CliRun.of(c.toArray(String[]::new));
            assertEquals(2, r.code(), c + ": " + r.err());
            assertEquals(expected, r.err(), c.toString());
            assertFalse(Files.exists(dir.resolve("p.json")));
        }
    }

    @Test
    void aBadDataValue() throws IOException {
        everyCommandSays("# run: p = 1 processors; n = 32\n" + LINE + "\n", 2, 43, "bad value '--1' for 'pc': expected a number");
    }

    @Test
    void aMachineHeaderWithProcessorsOutOfRange() throws IOException {
        everyCommandSays("# machine: vm, x, 99999999999999999999 processors, Linux\n" + LINE.replace("--1", "1") + "\n", 1, 19,
                "bad value '99999999999999999999' for 'processors': expected a whole number from 0 to 2147483647");
    }

    @Test
    void aRunHeaderEndingInAnEmptyValue() throws IOException {
        everyCommandSays("# run: p = 1 processors; n = \n" + LINE.replace("--1", "1") + "\n", 1, 29, "missing value for 'n'");
    }
}
