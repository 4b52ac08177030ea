package lcm.cli;

import lcm.TestRepo;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The repository stands on its own: no test reads a file outside it, and no document cites a
 * specification that is not in it. A clone in an empty folder must pass its own tests.
 */
class SelfContainedRepositoryTest {

    /** A string literal of test code. */
    private static final Pattern LITERAL = Pattern.compile("\"([^\"\\\\\\n]*)\"");

    private static Path root() {
        return TestRepo.root();
    }

    /**
     * Every string literal of test code that names a path is taken as the tests take it: relative
     * to the module folder they run in, or absolute. It must not lead above the repository (a
     * relative path climbing out of it, or an absolute path into the folder that holds the
     * checkout, where a clone in an empty folder has nothing).
     */
    @Test
    void noTestSourceLeadsOutsideTheRepository() throws IOException {
        Path root = root();
        Path above = root.getParent();
        List<String> found = new ArrayList<>();
        int literals = 0;
        for (Path file : files(root, "src/test", ".java")) {
            String rel = root.relativize(file).toString().replace('\\', '/');
            Path module = root.resolve(rel.substring(0, rel.indexOf('/')));
            List<String> lines = Files.readAllLines(file);
            for (int i = 0; i < lines.size(); i++) {
                Matcher m = LITERAL.matcher(lines.get(i));
                while (m.find()) {
                    String text = m.group(1);
                    if (!text.contains("/") || text.contains(" ") || text.contains("://")) {
                        continue;
                    }
                    literals++;
                    if (leadsOutside(text, module, root, above)) {
                        found.add(rel + ":" + (i + 1) + ": \"" + text + "\"");
                    }
                }
            }
        }
        assertEquals(List.of(), found, "test sources that read outside the repository");
        assertTrue(literals > 50, "path literals checked: " + literals);
    }

    private static boolean leadsOutside(String text, Path module, Path root, Path above) {
        Path p;
        try {
            p = Path.of(text);
        } catch (RuntimeException notAPath) {
            return false;
        }
        if (p.isAbsolute()) {
            return above != null && p.normalize().startsWith(above) && !p.normalize().startsWith(root);
        }
        return !module.resolve(p).normalize().startsWith(root);
    }

    @Test
    void aPathClimbingOutIsFound() {
        Path root = Path.of("/r/repo");
        Path module = root.resolve("composer");
        // (built from parts, so that this file holds no such literal itself)
        assertTrue(leadsOutside(String.join("/", "..", "..", "x", "data.txt"), module, root, root.getParent()));
        assertTrue(leadsOutside("/r/other/data.txt", module, root, root.getParent()));
        assertTrue(!leadsOutside("../fixtures/fft2d/tp.f", module, root, root.getParent()));
        assertTrue(!leadsOutside("/r/repo/fixtures/x", module, root, root.getParent()));
        assertTrue(!leadsOutside("/nonexistent/run.pp", module, root, root.getParent()));
    }

    @Test
    void everyTestResourceAndFixtureIsInsideTheRepository() throws IOException {
        Path root = root().toRealPath();
        List<String> outside = new ArrayList<>();
        List<Path> dirs = new ArrayList<>();
        dirs.add(root.resolve("fixtures"));
        try (Stream<Path> modules = Files.list(root)) {
            modules.map(m -> m.resolve("src/test/resources")).filter(Files::isDirectory).forEach(dirs::add);
        }
        int checked = 0;
        for (Path dir : dirs) {
            try (Stream<Path> s = Files.walk(dir)) {
                for (Path p : (Iterable<Path>) s::iterator) {
                    // a symbolic link may point anywhere: where it really leads must be inside
                    if (!p.toRealPath().startsWith(root)) {
                        outside.add(root.relativize(p) + " -> " + p.toRealPath());
                    }
                    checked++;
                }
            }
        }
        assertEquals(List.of(), outside);
        assertTrue(checked > 50, "checked " + checked + " files");
    }

    @Test
    void docsAndHelpCiteOnlyTheRepository() throws IOException {
        Path root = root();
        // a specification cited by section, or a relative link that climbs above the repository
        // (two levels from docs/ or a module; one level from README.md at the root)
        Pattern cite = Pattern.compile("DESIGN(\\.md)?( sections?)? [0-9]|(\\.\\./){2,}");
        Pattern fromRoot = Pattern.compile("\\.\\./");
        List<String> found = new ArrayList<>();
        List<Path> files = new ArrayList<>(files(root, "src/main", ""));
        files.add(root.resolve("README.md"));
        try (Stream<Path> docs = Files.list(root.resolve("docs"))) {
            docs.filter(p -> p.toString().endsWith(".md")).forEach(files::add);
        }
        for (Path file : files) {
            List<String> lines;
            try {
                lines = Files.readAllLines(file);
            } catch (IOException | UncheckedIOException binary) {
                continue;
            }
            for (int i = 0; i < lines.size(); i++) {
                boolean atRoot = file.getParent().equals(root);
                if (cite.matcher(lines.get(i)).find() || atRoot && fromRoot.matcher(lines.get(i)).find()) {
                    found.add(root.relativize(file) + ":" + (i + 1) + ": " + lines.get(i).strip());
                }
            }
        }
        assertEquals(List.of(), found);
    }

    /** Files under {@code MODULE/<under>} of every module, ending in {@code suffix}. */
    private static List<Path> files(Path root, String under, String suffix) throws IOException {
        List<Path> out = new ArrayList<>();
        try (Stream<Path> modules = Files.list(root)) {
            for (Path m : (Iterable<Path>) modules::iterator) {
                Path dir = m.resolve(under);
                if (Files.isDirectory(dir)) {
                    try (Stream<Path> s = Files.walk(dir)) {
                        s.filter(Files::isRegularFile).filter(p -> p.toString().endsWith(suffix)).forEach(out::add);
                    }
                }
            }
        }
        return out;
    }
}
