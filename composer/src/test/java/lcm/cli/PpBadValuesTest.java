package lcm.cli;

import lcm.TestRepo;
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

    private static final Path BASE = TestRepo.file("fixtures/fft2d/measured/java_tp.pp");
    private static final String LINE = "tag=cffts n=32 procs=1 width=1 execs=1 pc=--1 li=0 ip=0 sl=0";

    private void everyCommandSays(String text, String expected) throws IOException {
        Path pp = Files.writeString(dir.resolve("m.pp"), text);
        String tp = TestRepo.file("fixtures/fft2d/Fft2dTp.java").toString();
        String root = TestRepo.root().toString();
        List<List<String>> commands = List.of(
                List.of("fit", pp.toString()),
                List.of("annotate", tp, "--data", pp.toString(), "--diff"),
                List.of("validate", tp, "--measured", pp.toString()),
                List.of("validate", tp, "--measured", BASE.toString(), "--data", pp.toString()),
                List.of("plan", "--workdir", root, "--out", dir.resolve("p.json").toString(), "--structure",
                        "tp=java -Dn={n} fixtures/fft2d/Fft2dTp.java", "--vars", "n=64,128", "--procs", "1,2",
                        "--estimate-from", "tp=" + pp));
        for (List<String> c : commands) {
            CliRun r = CliRun.of(c.toArray(String[]::new));
            assertEquals(2, r.code(), c + ": " + r.err());
            assertEquals(expected.replace("FILE", pp.toString()), r.err(), c.toString());
            assertFalse(Files.exists(dir.resolve("p.json")));
        }
    }

    @Test
    void aBadDataValue() throws IOException {
        everyCommandSays("# run: p = 1 processors; n = 32\n" + LINE + "\n",
                "FILE:2:43: bad value '--1' for 'pc': expected a number\n"
                        + "  " + LINE + "\n"
                        + "  " + " ".repeat(42) + "^\n");
    }

    @Test
    void aMachineHeaderWithProcessorsOutOfRange() throws IOException {
        String header = "# machine: vm, x, 99999999999999999999 processors, Linux";
        everyCommandSays(header + "\n" + LINE.replace("--1", "1") + "\n",
                "FILE:1:19: bad value '99999999999999999999' for 'processors': expected a whole number from 0 to 2147483647\n"
                        + "  " + header + "\n"
                        + "  " + " ".repeat(18) + "^\n");
    }

    @Test
    void aRunHeaderEndingInAnEmptyValue() throws IOException {
        String header = "# run: p = 1 processors; n = ";
        everyCommandSays(header + "\n" + LINE.replace("--1", "1") + "\n",
                "FILE:1:29: missing value for 'n'\n"
                        + "  " + header + "\n"
                        + "  " + " ".repeat(28) + "^\n");
    }
}
