package lcm.annotate;

import lcm.TestRepo;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** fixtures/fft2d/tp_synthetic.pp is what its generator makes ({@code -Dlcm.regenerate=true} rewrites it). */
class Fft2dFixtureDataTest {

    @Test
    void theFixtureIsWhatTheGeneratorMakes() throws IOException {
        Path file = TestRepo.root().resolve(Fft2dFixtureData.PATH);
        if (Boolean.getBoolean("lcm.regenerate")) {
            Files.writeString(file, Fft2dFixtureData.text(), StandardCharsets.UTF_8);
        }
        assertEquals(Fft2dFixtureData.text(), Files.readString(file, StandardCharsets.UTF_8));
    }

    @Test
    void oneLinePerFragmentAndPointOfTheDesign() {
        long lines = Fft2dFixtureData.text().lines().filter(l -> l.startsWith("tag=")).count();
        assertEquals(5 * 5 * 5, lines);
    }
}
