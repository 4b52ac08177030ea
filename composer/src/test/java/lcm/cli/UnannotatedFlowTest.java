package lcm.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import lcm.probe.Toolchain;
import org.junit.jupiter.api.Assertions;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.function.BiFunction;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The flow docs/measure.md gives for unannotated code, with defaults and no hand edits:
 * {@code dag} finds the implicit fragments, {@code measure} runs the program at two sizes and
 * two processor counts, {@code annotate} marks the fragments ({@code fragment work_21} ...) with
 * their models, {@code compose} composes them, the program is measured again (its runs now
 * tagged with the marked names) and {@code validate} predicts the new runs from the old ones;
 * annotate then fits old and new runs together. sweep.f (OpenMP, built by gfortran through
 * {@code measure --build}; needs gfortran, clang, libomp and binutils: skipped with what to
 * install, failed under CI=true) and Sweep.java (a parallel stream).
 */
class UnannotatedFlowTest {

    private static final int[] SIZES = {400_000, 800_000};
    private static final int[] PROCESSORS = {1, 2};

    @TempDir
    Path dir;

    private Path resource(String name) throws IOException {
        Path to = dir.resolve(name);
        try (InputStream in = getClass().getResourceAsStream(name)) {
            Files.write(to, in.readAllBytes());
        }
        return to;
    }

    @Test
    void fortranOpenMp() throws IOException {
        String missing = Toolchain.missingForFortranOpenMp().orElse(null);
        if (missing != null) {
            if ("true".equals(System.getenv("CI"))) {
                Assertions.fail("the OpenMP flow test cannot run: " + missing + " (.ci/run installs it)");
            }
            Assumptions.abort("the OpenMP flow test skipped: " + missing);
        }
        Path src = resource("sweep.f");
        Path program = dir.resolve("sweep");
        String build = "gfortran -g -O2 -fopenmp -o " + program + " " + src;
        flow(src, """
                serial sweep                      %1$s:4
                  leaf sweep:8                    %1$s:8-10   implicit fragment (serial stretch)
                  loop sweep:11  x 20             %1$s:11
                    serial work                   %1$s:17
                      leaf work:20                %1$s:20   implicit fragment (serial stretch)
                      parallel-loop work:21  x n  %1$s:21   implicit fragment
                        leaf work:23              %1$s:23
                  leaf sweep:14                   %1$s:14   implicit fragment (serial stretch)
                """, List.of("sweep:8", "work:20", "work:21", "sweep:14"),
                List.of("sweep_8", "sweep_14", "work_20", "work_21"), "work_21",
                (n, p) -> List.of("--source", src.toString(), "--build", build, "--", program.toString(), "" + n));
    }

    @Test
    void javaParallelStream() throws IOException {
        Path src = resource("Sweep.java");
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        flow(src, """
                serial main                         %1$s:5
                  leaf main:6                       %1$s:6-7   implicit fragment (serial stretch)
                  loop main:8  x 20                 %1$s:8
                    serial work                     %1$s:14
                      leaf work:15                  %1$s:15   implicit fragment (serial stretch)
                      parallel-loop work:16#2  x n  %1$s:16   implicit fragment; pool (Java common pool): a parallel stream (IntStream.range().parallel().forEach()) runs in ForkJoinPool.commonPool(); the calling thread takes part
                        leaf work:16                %1$s:16
                  leaf main:11                      %1$s:11   implicit fragment (serial stretch)
                """, List.of("main:6", "work:15", "work:16#2", "main:11"),
                List.of("main_6", "main_11", "work_15", "work_16_2"), "work_16_2",
                (n, p) -> List.of("--", java, "-Dn=" + n, src.toString()));
    }

    /**
     * The whole flow on {@code src}: its DAG ({@code %1$s} its path), the tags of its implicit
     * fragments and of the fragments annotate marks (in source order), one marked parallel fragment, and the
     * measure arguments after --vars and --out for a size and processors.
     */
    private void flow(Path src, String dag, List<String> implicitTags, List<String> markedTags, String parallel,
                      BiFunction<Integer, Integer, List<String>> measure) throws IOException {
        String original = Files.readString(src);
        CliRun shown = CliRun.of("dag", src.toString());
        assertEquals(0, shown.code(), shown.err());
        assertEquals(dag.formatted(src), shown.out());

        Path before = measureAll(dir.resolve("before.pp"), measure);
        assertEquals(Set.copyOf(implicitTags), tags(before));

        CliRun annotate = CliRun.of("annotate", src.toString(), "--data", before.toString());
        assertEquals(0, annotate.code(), annotate.err());
        String marked = Files.readString(src);
        List<String> blocks = new ArrayList<>();
        for (String tag : markedTags) {
            blocks.add("fragment " + tag);
            blocks.add("end fragment " + tag);
        }
        assertEquals(blocks, marked.lines().filter(l -> l.contains("fragment ")).map(l -> l.replaceFirst(
                "^\\s*(c\\*lcm\\*|//@lcm) ", "")).toList());
        // every line of the program is kept: annotate only added annotation lines
        assertEquals(original.lines().toList(), marked.lines().filter(l -> !l.matches("^\\s*(c\\*lcm\\*|//@lcm) .*"))
                .toList());
        assertTrue(marked.contains("fitted-on: n = 400000:800000, p = 1:2, runs = 4"), marked);

        CliRun compose = CliRun.of("compose", src.toString());
        assertEquals(0, compose.code(), compose.err());
        assertTrue(compose.out().matches("(?s)T_P\\([n, p]+\\) = .*"), compose.out());
        assertFalse(compose.err().contains("no model"), compose.err());

        // measured again after the marking: the runs carry the marked names
        Path after = measureAll(dir.resolve("after.pp"), measure);
        assertEquals(Set.copyOf(markedTags), tags(after));

        // the old runs predict the new ones, every tag matched (no warning of an unused tag)
        CliRun validate = CliRun.of("validate", src.toString(), "--data", before.toString(), "--measured",
                after.toString(), "--resamples", "10", "--format", "json");
        assertEquals(0, validate.code(), validate.err());
        JsonNode result = new ObjectMapper().readTree(validate.out());
        assertEquals(4, result.get("fitted_runs").asInt());
        assertEquals(4, result.get("points").size());
        for (JsonNode point : result.get("points")) {
            double predicted = point.get("predicted").asDouble();
            assertTrue(predicted > 0 && Double.isFinite(predicted), point.toString());
        }
        for (JsonNode w : result.get("warnings")) {
            assertFalse(w.asText().contains("names no fragment") || w.asText().contains("has no data"), w.asText());
        }

        // old and new runs together: the parallel fragment fitted on 4 + 4 observations
        Path both = dir.resolve("both.pp");
        Files.writeString(both, Files.readString(before) + Files.readString(after));
        CliRun again = CliRun.of("annotate", src.toString(), "--data", both.toString());
        assertEquals(0, again.code(), again.err());
        assertTrue(again.out().matches("(?s).*\\n" + java.util.regex.Pattern.quote(parallel) + "  \\S+  8 observations.*"),
                again.out());
    }

    private Path measureAll(Path pp, BiFunction<Integer, Integer, List<String>> measure) {
        for (int n : SIZES) {
            for (int p : PROCESSORS) {
                List<String> args = new ArrayList<>(List.of("measure", "--vars", "n=" + n + ",p=" + p, "--out",
                        pp.toString()));
                args.addAll(measure.apply(n, p));
                CliRun run = CliRun.of(args.toArray(String[]::new));
                assertEquals(0, run.code(), run.err());
            }
        }
        return pp;
    }

    private static Set<String> tags(Path pp) throws IOException {
        Set<String> out = new LinkedHashSet<>();
        for (String line : Files.readAllLines(pp)) {
            if (line.startsWith("tag=")) {
                out.add(line.substring(4, line.indexOf(' ')));
            }
        }
        return out;
    }
}
