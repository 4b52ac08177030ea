package lcm.cli;

import lcm.TestRepo;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The fixtures are found without the working directory: the repository's, else the copy packaged
 * among lcm's classes (the jar), so {@code lcm demo} and {@code fixtures/...} work from any folder.
 */
class HomeTest {

    @Test
    void thePackagedFixturesAreTheRepositorysEveryFile() throws Exception {
        Path repo = TestRepo.file("fixtures");
        Path bundled = Home.bundled();
        assertEquals("fixtures", bundled.getFileName().toString(), "a folder named fixtures, as in the repository");
        List<Path> files;
        try (Stream<Path> walk = Files.walk(repo)) {
            files = walk.filter(Files::isRegularFile).map(repo::relativize).toList();
        }
        assertTrue(files.size() > 50, "fixtures: " + files.size());
        for (Path f : files) {
            assertArrayEquals(Files.readAllBytes(repo.resolve(f)), Files.readAllBytes(bundled.resolve(f.toString())),
                    f.toString());
        }
    }

    @Test
    void withoutARepositoryTheBundledFixturesServe(@TempDir Path tmp) {
        // no candidate holds fixtures/ and composer/: no repository
        assertTrue(Home.repository(List.of(tmp, tmp.resolve("x"))).isEmpty());
        assertEquals(TestRepo.file("fixtures").getParent().toAbsolutePath().normalize(),
                Home.repository(List.of(tmp, TestRepo.file("fixtures").getParent())).orElseThrow());
    }

    @Test
    void aFixtureNamedOutsideTheRepositoryIsTheBundledOne() {
        // the tests run in composer/, where no fixtures/ folder is: the name still finds the fixture
        assertTrue(!Files.exists(Path.of("fixtures/machines/ksr1.machine")));
        Path p = Home.given("fixtures/machines/ksr1.machine");
        assertTrue(Files.isRegularFile(p), p.toString());
        assertEquals(Path.of("fixtures/none.f"), Home.given("fixtures/none.f"), "no such fixture: the name as given");
        assertEquals(Path.of("other/x.f"), Home.given("other/x.f"));
        CliRun r = CliRun.of("compose", "fixtures/fft2d/tp.f", "--machine", "fixtures/machines/ksr1.machine",
                "--at", "n=1024,p=26");
        assertEquals(0, r.code(), r.err());
        assertTrue(r.out().contains("T_P = 83.0"), r.out()); // the README's example: 83.0132 s
    }
}
