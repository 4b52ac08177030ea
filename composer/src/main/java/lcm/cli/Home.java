package lcm.cli;

import lcm.source.UserError;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.URISyntaxException;
import java.net.URL;
import java.nio.file.FileSystem;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.security.CodeSource;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * Where lcm's bundled fixtures are, never found from the working directory, so {@code lcm demo},
 * {@code lcm bench} and a fixture named on the command line work from any folder: the
 * repository's {@code fixtures/} (the {@code lcm.home} property, which the {@code lcm} launcher
 * sets, or the folders above lcm's own classes), else a copy of the fixtures packaged in lcm's
 * jar ({@value #RESOURCES}), written once per run to a temporary folder.
 */
final class Home {

    /** Where the build puts the fixtures among lcm's classes (composer/pom.xml). */
    static final String RESOURCES = "/lcm/fixtures";

    private static Path bundled;

    private Home() {
    }

    /** The repository root (holding {@code fixtures/} and {@code composer/}); an error without one. */
    static Path root() {
        List<Path> tried = candidates();
        return repository(tried).orElseThrow(() -> UserError.of("cannot find lcm's repository (looked in "
                + (tried.isEmpty() ? "nothing" : tried.get(0) + " and the folders above lcm's jar")
                + "): run lcm from its repository, or set -Dlcm.home=REPOSITORY"));
    }

    /** The folder of the fixtures: the repository's, else those packaged in lcm's jar. */
    static Path fixtures() {
        return repository(candidates()).map(r -> r.resolve("fixtures")).orElseGet(Home::bundled);
    }

    static Path fixture(String relative) {
        return fixtures().resolve(relative);
    }

    /**
     * A path typed on the command line: as given, except that {@code fixtures/...} that is not
     * there (lcm run outside its repository) names the bundled fixture, when there is one.
     */
    static Path given(String text) {
        Path p = Path.of(text);
        Path n = p.normalize();
        if (!p.isAbsolute() && n.startsWith("fixtures") && n.getNameCount() > 1 && !Files.exists(p)) {
            Path f = fixtures().resolve(n.subpath(1, n.getNameCount()).toString());
            if (Files.exists(f)) {
                return f;
            }
        }
        return p;
    }

    private static List<Path> candidates() {
        List<Path> tried = new ArrayList<>();
        String home = System.getProperty("lcm.home");
        if (home != null) {
            try {
                tried.add(Path.of(home));
            } catch (InvalidPathException ignored) {
                // not a folder name: the folders above lcm's classes remain
            }
        }
        codeLocation().ifPresent(p -> {
            for (Path q = p; q != null; q = q.getParent()) {
                tried.add(q);
            }
        });
        return tried;
    }

    static Optional<Path> repository(List<Path> candidates) {
        for (Path p : candidates) {
            if (Files.isDirectory(p.resolve("fixtures")) && Files.isDirectory(p.resolve("composer"))) {
                return Optional.of(p.toAbsolutePath().normalize());
            }
        }
        return Optional.empty();
    }

    /** The packaged fixtures, copied once per run into a temporary folder named fixtures. */
    static synchronized Path bundled() {
        if (bundled == null) {
            try {
                Path top = Files.createTempDirectory("lcm-");
                Runtime.getRuntime().addShutdownHook(new Thread(() -> delete(top)));
                Path dir = top.resolve("fixtures");
                copyResources(dir);
                bundled = dir;
            } catch (IOException | UncheckedIOException e) {
                throw UserError.of("cannot copy lcm's bundled fixtures to a temporary folder: " + e.getMessage());
            }
        }
        return bundled;
    }

    private static void copyResources(Path to) throws IOException {
        URL url = Home.class.getResource(RESOURCES);
        if (url == null) {
            throw UserError.of("lcm's jar holds no fixtures (" + RESOURCES + ") and no repository was found: "
                    + "set -Dlcm.home=REPOSITORY");
        }
        URI uri;
        try {
            uri = url.toURI();
        } catch (URISyntaxException e) {
            throw new IOException(e);
        }
        if (uri.getScheme().equals("jar")) {
            try (FileSystem jar = FileSystems.newFileSystem(uri, Map.of())) {
                copyTree(jar.provider().getPath(uri), to);
            }
        } else {
            copyTree(Path.of(uri), to);
        }
    }

    private static void copyTree(Path from, Path to) throws IOException {
        try (Stream<Path> walk = Files.walk(from)) {
            for (Path f : (Iterable<Path>) walk::iterator) {
                Path target = to.resolve(from.relativize(f).toString());
                if (Files.isDirectory(f)) {
                    Files.createDirectories(target);
                } else {
                    Files.copy(f, target, StandardCopyOption.REPLACE_EXISTING);
                }
            }
        }
    }

    private static void delete(Path top) {
        try (Stream<Path> walk = Files.walk(top)) {
            walk.sorted((a, b) -> b.getNameCount() - a.getNameCount()).forEach(f -> f.toFile().delete());
        } catch (IOException | UncheckedIOException ignored) {
            // a temporary folder left behind
        }
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
