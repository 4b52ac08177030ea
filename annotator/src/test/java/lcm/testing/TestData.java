package lcm.testing;

import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Finds test data: the repository root from the {@code lcm.root} property (set by surefire) or by
 * walking up to the folder holding {@code fixtures/}, and the shared anchors in a {@code shared/}
 * folder next to the repository (CI) or next to any of its parents (developer worktrees).
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

    /** A file of Extra-P's test data ({@code shared/anchors/extrap-data/NAME}). */
    public static Path extrap(String name) {
        for (Path p = root(); p != null; p = p.getParent()) {
            Path candidate = p.resolve("shared").resolve("anchors").resolve("extrap-data").resolve(name);
            if (Files.isRegularFile(candidate)) {
                return candidate;
            }
        }
        throw new IllegalStateException("cannot find shared/anchors/extrap-data/" + name + " next to " + root() + " or its parents");
    }
}
