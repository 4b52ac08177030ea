package lcm.cli;

import lcm.TestRepo;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Renamed options keep their old names for one release, hidden, with a warning (docs/cli.md). */
class RenamedOptionsTest {

    private static String fixture(String f) {
        return TestRepo.file(f).toString();
    }

    @Test
    void composeTakesTheOldSimplifySecondsWithAWarning() {
        CliRun now = CliRun.of("compose", fixture("fixtures/compose/nested_loops.f"), "--symbolic-seconds", "0");
        CliRun old = CliRun.of("compose", fixture("fixtures/compose/nested_loops.f"), "--simplify-seconds", "0");
        assertEquals(0, now.code(), now.err());
        assertEquals(0, old.code(), old.err());
        assertEquals(now.out(), old.out());
        assertEquals("lcm: warning: --simplify-seconds is now --symbolic-seconds; the old name goes in the next release\n"
                + now.err(), old.err());
        String help = CliRun.of("compose", "--help").out();
        assertTrue(help.contains("--symbolic-seconds=S"), help);
        assertFalse(help.contains("--simplify-seconds"), help);
    }

    @Test
    void fitTakesTheOldFileWithAWarning() {
        String data = fixture("fixtures/fft2d/tp_synthetic.pp");
        CliRun now = CliRun.of("fit", "-c", "li", "-v", "p", "--data", data, "-x", "tag=cffts,n=1024");
        CliRun old = CliRun.of("fit", "-c", "li", "-v", "p", "--file", data, "-x", "tag=cffts,n=1024");
        CliRun shortName = CliRun.of("fit", "-c", "li", "-v", "p", "-f", data, "-x", "tag=cffts,n=1024");
        assertEquals(0, now.code(), now.err());
        assertEquals(now.out(), old.out());
        assertEquals(now.out(), shortName.out());
        assertTrue(old.err().startsWith("lcm: warning: --file is now --data;"), old.err());
        assertFalse(CliRun.of("fit", "--help").out().contains("--file"));
    }

    @Test
    void fitWithoutDataSaysWhichOption() {
        CliRun r = CliRun.of("fit", "-c", "li", "-v", "p");
        assertEquals(2, r.code());
        assertTrue(r.err().contains("--data FILE"), r.err());
    }

    @Test
    void homeIsFoundFromLcmsOwnClassesNotTheWorkingDirectory() {
        // the test's working directory is a module folder; the root comes from where lcm's classes are
        Path root = Home.root();
        assertEquals(TestRepo.file("fixtures").getParent().toAbsolutePath().normalize(), root);
    }
}
