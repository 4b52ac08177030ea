package lcm.cli;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Collectors;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A model too long for a fixed-form line: annotate writes it on continued lines (never past
 * column 72), compose reads it back as the model on one line would be read, and validate,
 * which annotates in memory, predicts with it; neither aborts for the model's length.
 */
class LongModelTest {

    @TempDir
    Path dir;

    /** A program whose one fragment, part, is a KSR tile loop (the test resource tile.f). */
    private static final String PROGRAM = program();

    private static String program() {
        try (java.io.InputStream in = LongModelTest.class.getResourceAsStream("tile.f")) {
            return new String(in.readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    /** Runs of a pc that needs a long model, one run per point, p = nproc, time pc/p. */
    private Path data() throws IOException {
        StringBuilder s = new StringBuilder();
        for (int size : new int[] {16, 32, 64, 128}) {
            for (int procs : new int[] {1, 2, 4, 8}) {
                for (int depth : new int[] {2, 4, 8, 16}) {
                    double l = Math.log(size) * Math.log(procs + 1) * Math.log(depth);
                    double pc = 1.234567e-3 * size * size * procs * procs * depth * depth * l;
                    s.append("# run: p = ").append(procs).append(" processors; time ").append(pc / procs)
                            .append(" s (first fragment's start to last fragment's end); command 1 s; size = ").append(size)
                            .append("; nproc = ").append(procs).append("; depth = ").append(depth).append('\n');
                    s.append("tag=part size=").append(size).append(" nproc=").append(procs).append(" depth=").append(depth)
                            .append(" p=").append(procs).append(" pc=").append(pc).append('\n');
                }
            }
        }
        Path pp = dir.resolve("d.pp");
        Files.writeString(pp, s);
        return pp;
    }

    private Path source(String name, String text) throws IOException {
        Path f = dir.resolve(name);
        Files.writeString(f, text);
        return f;
    }

    private static String tp(CliRun r) {
        assertEquals(0, r.code(), r.err());
        return r.out().lines().filter(l -> l.startsWith("  T_P = ")).findFirst().orElseThrow();
    }

    @Test
    void aContinuedModelComposesToTheTimeOfTheSameModelOnOneLine() throws IOException {
        Path pp = data();
        Path split = source("t.f", PROGRAM);
        CliRun a = CliRun.of("annotate", split.toString(), "--data", pp.toString());
        assertEquals(0, a.code(), a.err());
        List<String> lines = Files.readAllLines(split);
        assertTrue(lines.stream().allMatch(l -> l.length() <= 72), String.join("\n", lines));
        int first = lines.indexOf(lines.stream().filter(l -> l.startsWith("c*lcm* model:")).findFirst().orElseThrow());
        int last = first;
        while (lines.get(last).endsWith(" &")) {
            last++;
        }
        List<String> model = lines.subList(first, last + 1);
        assertTrue(model.size() > 1 && model.get(0).endsWith(" &"), String.join("\n", lines));
        assertTrue(a.out().contains("  " + model.get(0) + "\n  " + model.get(1) + "\n"), a.out());
        // the same model on one line, read with a line length that holds it
        String joined = model.stream().map(l -> l.substring("c*lcm* ".length()).replaceAll("^& ", "").replaceAll(" &$", ""))
                .collect(Collectors.joining(" "));
        Path one = source("one.f", PROGRAM.replace("c*ksr* tile(i)", "c*lcm* " + joined + "\nc*ksr* tile(i)"));
        String at = "size=64,nproc=4,depth=8,p=4";
        assertEquals(tp(CliRun.of("compose", one.toString(), "--line-length", "300", "--at", at)),
                tp(CliRun.of("compose", split.toString(), "--at", at)));
        // annotating again writes the same bytes
        byte[] once = Files.readAllBytes(split);
        assertEquals(0, CliRun.of("annotate", split.toString(), "--data", pp.toString()).code());
        assertEquals(new String(once), Files.readString(split));
    }

    @Test
    void validateFitsTheLongModelInMemoryWithoutAborting() throws IOException {
        Path pp = data();
        Path src = source("t.f", PROGRAM);
        CliRun r = CliRun.of("validate", src.toString(), "--measured", pp.toString(), "--data", pp.toString(),
                "--resamples", "0");
        assertEquals(0, r.code(), r.err());
        assertTrue(r.out().contains("64 points: median |error|"), r.out());
        assertEquals(PROGRAM, Files.readString(src));
    }
}
