package lcm;

import java.nio.file.Files;
import java.nio.file.Path;

/** Finds files of the repository from tests (surefire sets lcm.root; else walk up to fixtures/). */
public final class TestRepo {

    private TestRepo() {
    }

    public static Path root() {
        String prop = System.getProperty("lcm.root");
        if (prop != null && Files.isDirectory(Path.of(prop, "fixtures"))) {
            return Path.of(prop);
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

    public static Path file(String relative) {
        return root().resolve(relative);
    }
}
