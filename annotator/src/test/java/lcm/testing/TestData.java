package lcm.testing;

import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Finds test data: the repository root from the {@code lcm.root} property (set by surefire) or by
 * walking up to the folder holding {@code fixtures/}. Nothing outside the repository is read.
 */
public final class TestData {

    private TestData() {
    }

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
        return p;
    }
}
