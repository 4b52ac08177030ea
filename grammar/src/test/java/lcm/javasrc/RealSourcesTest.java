package lcm.javasrc;

import lcm.source.Diagnostics;
import lcm.source.SourceRegistry;
import lcm.structure.ParsedFile;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

/** Real Java code (this front end's own sources) goes through without errors. */
class RealSourcesTest {

    @Test
    void theFrontEndsOwnSourcesParseWithoutErrors() throws IOException {
        Path dir = lcm.TestRepo.root().resolve("grammar/src/main/java/lcm/javasrc");
        List<Path> files;
        try (Stream<Path> s = Files.list(dir)) {
            files = s.filter(p -> p.toString().endsWith(".java")).sorted().toList();
        }
        assertFalse(files.isEmpty());
        int routines = 0;
        for (Path f : files) {
            Diagnostics d = new Diagnostics();
            ParsedFile parsed = lcm.dag.Dags.parse(new SourceRegistry(), f, d);
            assertEquals(List.of(), d.errors(), f.toString());
            routines += parsed.routines().size();
        }
        assertFalse(routines < files.size(), "every file has methods");
    }
}
