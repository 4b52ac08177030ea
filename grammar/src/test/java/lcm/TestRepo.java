package lcm;

import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Finds files of the repository from tests, for every module (the grammar module's test jar
 * carries it to the others): surefire sets {@code lcm.root}; else the nearest folder above the
 * working directory that holds {@code fixtures/}. Nothing outside the repository is read.
 */
public final class TestRepo {

    private TestRepo() {
    }

    /** The repository root, absolute and normalized. */
    public static Path root() {
        String prop = System.getProperty("lcm.root");
        if (prop != null && Files.isDirectory(Path.of(prop, "fixtures"))) {
            return Path.of(prop).toAbsolutePath().normalize();
        }
        Path p = Path.of("").toAbsolutePath();
        while (p != null && !Files.isDirectory(p.resolve("fixtures"))) {
            p = p.getParent();
        }
        if (p == null) {
            throw new IllegalStateException("cannot find the repository root (no fixtures/ above " + Path.of("").toAbsolutePath() + ")");
        }
        return p.normalize();
    }

    /** A file of the repository, by its path from the root ({@code fixtures/fft2d/tp.f}). */
    public static Path file(String relative) {
        return root().resolve(relative);
    }
}
