package lcm.cli;

import lcm.source.UserError;

import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.CodeSource;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Where lcm is installed: the repository root holding {@code fixtures/}. Found from the
 * {@code lcm.home} property (the {@code lcm} launcher sets it) or from the location of lcm's own
 * classes ({@code composer/target/lcm.jar} or {@code composer/target/classes}, two folders
 * below the root), never from the working directory, so {@code lcm demo} and {@code lcm bench}
 * work from any folder.
 */
final class Home {

    private Home() {
    }

    static Path root() {
        List<Path> tried = new ArrayList<>();
        String home = System.getProperty("lcm.home");
        if (home != null) {
            tried.add(Path.of(home));
        }
        codeLocation().ifPresent(p -> {
            for (Path q = p; q != null; q = q.getParent()) {
                tried.add(q);
            }
        });
        for (Path p : tried) {
            if (Files.isDirectory(p.resolve("fixtures")) && Files.isDirectory(p.resolve("composer"))) {
                return p.toAbsolutePath().normalize();
            }
        }
        throw UserError.of("cannot find lcm's fixtures/ folder (looked in "
                + (tried.isEmpty() ? "nothing" : tried.get(0) + " and the folders above lcm's jar")
                + "): run lcm from its repository, or set -Dlcm.home=REPOSITORY");
    }

    static Path fixture(String relative) {
        return root().resolve("fixtures").resolve(relative);
    }

    private static Optional<Path> codeLocation() {
        try {
            CodeSource source = Home.class.getProtectionDomain().getCodeSource();
            return source == null ? Optional.empty()
                    : Optional.of(Path.of(source.getLocation().toURI()).toAbsolutePath());
        } catch (URISyntaxException | SecurityException | IllegalArgumentException e) {
            return Optional.empty();
        }
    }
}
