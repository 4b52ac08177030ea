package lcm.compose;

import lcm.TestRepo;
import lcm.frontend.ProgramReader;
import lcm.source.SourceRegistry;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Moving a parallel loop into serial code must make a program slower on more than one
 * processor (docs/composition.md, "Execution width"): every bundled fixture program that has a
 * parallel loop and models is rewritten with each of its parallel loops made serial (the
 * directive removed, or {@code .parallel()} dropped), both versions are composed, and
 * T_P(serial) > T_P(parallel) at p = 2, 4, 8, 16, 26 (at p = 2 in a program of two tasks, each task runs
 * on one processor, its loops serially either way: equal there).
 */
class ParallelLoopToSerialTest {

    /** KSR tile directives, OpenMP worksharing loop directives (with their continuation lines), Java parallel streams. */
    private static final Pattern KSR_TILE = Pattern.compile("(?i)^c\\*ksr\\*\\s*(end\\s*)?tile\\b.*");
    private static final Pattern OMP_LOOP = Pattern.compile("(?i)^\\s*!\\$omp\\s+(end\\s+)?(parallel\\s+)?do\\b.*");

    @TempDir
    Path dir;

    /** The fixture programs with a parallel loop and at least one model. */
    static List<Path> programs() throws IOException {
        List<Path> out = new ArrayList<>();
        try (Stream<Path> files = Files.walk(TestRepo.file("fixtures"))) {
            for (Path f : files.filter(Files::isRegularFile).sorted().toList()) {
                String name = f.getFileName().toString();
                if (!(name.endsWith(".f") || name.endsWith(".f90") || name.endsWith(".java"))) {
                    continue;
                }
                String text = Files.readString(f);
                if (text.contains("model:") && !serial(text, name).equals(text)) {
                    out.add(f);
                }
            }
        }
        return out;
    }

    /** The program with every parallel loop made serial (line numbers kept: directives become blank lines). */
    static String serial(String text, String name) {
        if (name.endsWith(".java")) {
            return text.replace(".parallel()", "").replace(".parallelStream()", ".stream()");
        }
        List<String> out = new ArrayList<>();
        boolean continuing = false;
        for (String line : text.split("\n", -1)) {
            boolean directive = KSR_TILE.matcher(line).matches() || OMP_LOOP.matcher(line).matches();
            if (directive || continuing) {
                continuing = line.stripTrailing().endsWith("&");
                out.add("");
            } else {
                out.add(line);
            }
        }
        return String.join("\n", out);
    }

    @Test
    void theRewriteFindsTheBundledParallelPrograms() throws IOException {
        List<String> names = programs().stream().map(p -> TestRepo.root().relativize(p).toString().replace('\\', '/'))
                .toList();
        for (String expected : List.of("fixtures/fft2d/dp.f", "fixtures/fft2d/tp.f", "fixtures/fft2d/tp_sync.f",
                "fixtures/fft2d/dp_omp.f90", "fixtures/fft2d/tp_omp.f90", "fixtures/fft2d/Fft2dDp.java",
                "fixtures/fft2d/Fft2dTp.java")) {
            assertTrue(names.contains(expected), expected + " among " + names);
        }
        // the OpenMP rewrite drops a directive's continuation lines too
        assertEquals("  x = 1\n\n\n\n  y = 2", serial("  x = 1\n  !$omp parallel do private(i) &\n  !$omp&  "
                + "schedule(static)\n  !$omp end parallel do\n  y = 2", "a.f90"));
    }

    @TestFactory
    Stream<DynamicTest> aParallelLoopMovedToSerialCodeIsSlowerOnMoreThanOneProcessor() throws IOException {
        return programs().stream().map(f -> DynamicTest.dynamicTest(TestRepo.root().relativize(f).toString(),
                () -> check(f)));
    }

    private void check(Path program) throws IOException {
        // a copy of the program's folder (includes, measured-in files), once as written and once made serial
        Path parallelDir = copy(program.getParent(), dir.resolve("parallel-" + program.getFileName()));
        Path serialDir = copy(program.getParent(), dir.resolve("serial-" + program.getFileName()));
        String name = program.getFileName().toString();
        Path serialFile = serialDir.resolve(name);
        String rewritten = serial(Files.readString(program), name);
        assertFalse(rewritten.equals(Files.readString(program)));
        Files.writeString(serialFile, rewritten);
        ComposedModel parallel = compose(parallelDir.resolve(name));
        boolean twoTasks = parallel.steps().stream().anyMatch(r -> r.rule().startsWith("parallel node"));
        ComposedModel serial = compose(serialFile);
        for (int n : new int[] {64, 256, 1024}) {
            for (int p : new int[] {2, 4, 8, 16, 26}) {
                Map<String, Double> at = point(parallel, serial, n, p);
                double tp = parallel.evaluate(at).time();
                double ts = serial.evaluate(at).time();
                // two tasks at p = 2 run on one processor each: there a parallel loop inside a task already
                // runs serially, and the two versions take the same time; from p = 4 on, every loop's own
                // processors exceed one and the serial version must be slower
                boolean loopsOnOneProcessor = p == 2 && twoTasks;
                assertTrue(loopsOnOneProcessor ? ts >= tp * (1 - 1e-12) : ts > tp, name + " at n = " + n + ", p = "
                        + p + ": serial " + ts + " s is not slower than parallel " + tp + " s");
            }
        }
    }

    private static ComposedModel compose(Path file) {
        return new Composer(ComposeOptions.defaults().withoutSimplification()).compose(
                new ProgramReader(new SourceRegistry()).read(List.of(file)).orThrow());
    }

    /** n and p as given, itors 16, any other variable 32 (sizes of the NPB-style fixtures). */
    private static Map<String, Double> point(ComposedModel a, ComposedModel b, int n, int p) {
        Map<String, Double> at = new HashMap<>();
        for (ComposedModel m : List.of(a, b)) {
            for (String v : m.variables()) {
                at.putIfAbsent(v, 32.0);
            }
            at.putAll(m.defaults());
        }
        at.put("n", (double) n);
        at.put("p", (double) p);
        at.put("itors", 16.0);
        return at;
    }

    private static Path copy(Path from, Path to) {
        try (Stream<Path> files = Files.list(from)) {
            Files.createDirectories(to);
            for (Path f : files.filter(Files::isRegularFile).toList()) {
                Files.copy(f, to.resolve(f.getFileName()));
            }
            return to;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
