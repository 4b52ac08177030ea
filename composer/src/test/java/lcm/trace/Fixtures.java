package lcm.trace;

import java.nio.file.Files;
import java.nio.file.Path;

/** Where the repository's fixtures and the shared anchors are, for tests. */
public final class Fixtures {

    private Fixtures() {
    }

    /** The repository root (see {@link lcm.TestRepo}). */
    public static Path root() {
        return lcm.TestRepo.root();
    }

    public static Path traces(String name) {
        return root().resolve("fixtures/traces").resolve(name);
    }

    /**
     * A file of the shared trace anchors: {@code ../shared/anchors/traces} next to the repository
     * (as in CI), else in the nearest folder further up that holds {@code shared/anchors}
     * (a worktree checked out below the main clone).
     */
    public static Path anchor(String name) {
        Path p = root().toAbsolutePath().getParent();
        while (p != null && !Files.isDirectory(p.resolve("shared/anchors/traces"))) {
            p = p.getParent();
        }
        if (p == null) {
            throw new IllegalStateException("no shared/anchors/traces next to or above " + root());
        }
        return p.resolve("shared/anchors/traces").resolve(name);
    }
}
