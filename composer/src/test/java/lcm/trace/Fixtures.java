package lcm.trace;

import java.nio.file.Path;

/** Where the repository's trace fixtures are, for tests (nothing outside the repository). */
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
}
