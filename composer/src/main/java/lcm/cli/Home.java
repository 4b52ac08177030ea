package lcm.cli;

import lcm.source.UserError;

import java.nio.file.Files;
import java.nio.file.Path;

/** Where lcm is installed: the repository root holding fixtures/ (set by ./lcm as lcm.home). */
final class Home {

    private Home() {
    }

    static Path root() {
        String home = System.getProperty("lcm.home");
        if (home != null && Files.isDirectory(Path.of(home, "fixtures"))) {
            return Path.of(home);
        }
        Path p = Path.of("").toAbsolutePath();
        while (p != null && !Files.isDirectory(p.resolve("fixtures"))) {
            p = p.getParent();
        }
        if (p == null) {
            throw UserError.of("cannot find lcm's fixtures/ folder: run lcm through ./lcm or from the repository");
        }
        return p;
    }

    static Path fixture(String relative) {
        return root().resolve("fixtures").resolve(relative);
    }
}
