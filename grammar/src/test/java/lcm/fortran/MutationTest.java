package lcm.fortran;

import lcm.dag.Dag;
import lcm.dag.DagJson;
import lcm.dag.DagText;
import lcm.dag.Dags;
import lcm.frontend.StructureBuilder;
import lcm.source.DiagnosticRenderer;
import lcm.source.Diagnostics;
import lcm.source.SourceRegistry;
import lcm.source.SourceText;
import lcm.source.UserError;
import lcm.structure.ParsedFile;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * Random byte mutations of the fixtures and of the front-end corpus, Fortran and Java (replace,
 * insert, delete; newlines, quotes, {@code &}, parentheses, column-6 characters, sentinels, the
 * Java task idioms) go through the whole front end — ProgramReader,
 * StructureBuilder, the renderers — and must end in a result or in diagnostics: no exception
 * other than {@link UserError}, no hang. Fixed seed; each case may take 1 s of its own thread's
 * CPU time (a slow path, measured in CPU so that a busy machine does not fail it) and 60 s of
 * wall time (a hang).
 */
class MutationTest {

    private static final long SEED = 0x1c3_2024L;
    private static final int CASES = 10_000;
    private static final String SPECIAL = "\n\n\n''\"\"&&&(((())))!!$$**;;,:=+-/\t 0123456789cCdDkK";
    private static final String[] SNIPPETS = {"!$omp ", "c$omp ", "c*ksr* ", "c*lcm* ", "!lcm$ ", "end do", "do 10 i=1,n",
        "10 continue", "end tile", "tile(i)", "parallel do", "section", "end parallel sections", "model: li = n",
        "input: a(k)", "fragment f", "end fragment", "call cffts(a)", "if (x) then", "end if", "else", "include 'x.h'",
        "&\n     &", "\n     >", "\n!$omp& ", "end", "subroutine s", "program p", "contains", "interface", "(((", ")))",
        // the syntax of issue 12: conditional compilation, preprocessor lines, glued OpenMP names,
        // collapse, ordered, HPF, readable array elements and components, argument lists
        "\n!$ ", "\nc$ ", "\n*$ ", "\n#ifdef X\n", "\n#if defined(X) && Y > 1\n", "\n#else\n", "\n#endif\n",
        "\n#elif Z\n", "\n#include \"corpus_defs.h\"\n", "\n#define X 2\n", "!$omp enddo", "!$omp endparalleldo",
        "!$omp paralleldo", "collapse(2)", "collapse(x)", "!$omp ordered", "!$omp end ordered", "chpf$ independent",
        "!hpf$ distribute a(block)", "grid_points(3)", "dims(1)", "grid%nx", "2*n-1, 2", "call s(a(1:n), f(x), m(j))",
        // the Java of issue 12: thread arrays, pools and their teams, fork/join, runners, lambdas,
        // method references, calls across files, attach-rule edges
        "th[i] = new Thread(r);", "th[i].start();", "th[i].join();", "Executors.newFixedThreadPool(4)",
        "new ForkJoinPool(k)", "pool.submit(() -> w(i));", "pool.invoke(new T(0, n));", "invokeAll(l, r);",
        "x -> f(x)", "() -> g()", "::", "run(Other::smooth, n);", "new Other(n).relax(n);", "barrier.await();",
        "\n//@lcm recursion: 2\n", "\n//@lcm iterations: n\n", "\n//@lcm parallel sections\n", "\n//@lcm section\n",
        "/*@lcm model: pc = n */", "{", "}", ";", "static void r(Runnable q) { q.run(); }"};

    @Test
    void randomMutationsEndInResultsOrDiagnostics() throws Exception {
        List<Path> sources = sources();
        List<String> texts = new ArrayList<>();
        for (Path p : sources) {
            texts.add(Files.readString(p));
        }
        Random random = new Random(SEED);
        ExecutorService executor = Executors.newSingleThreadExecutor(r -> {
            Thread t = new Thread(r, "mutation-case");
            t.setDaemon(true);
            return t;
        });
        int withErrors = 0;
        try {
            // warm-up, unguarded: the first runs of each code path are JIT-compiled
            Random warm = new Random(SEED + 1);
            for (int i = 0; i < 300; i++) {
                int which = warm.nextInt(sources.size());
                runCase(sources.get(which), i < sources.size() ? texts.get(i) : mutate(texts.get(which), warm));
            }
            for (int i = 0; i < CASES; i++) {
                int which = random.nextInt(sources.size());
                String mutated = mutate(texts.get(which), random);
                Path path = sources.get(which);
                if (guarded(executor, path, mutated, i)) {
                    withErrors++;
                }
            }
        } finally {
            executor.shutdownNow();
        }
        // the mutations are real: a good share of them are errors, and some are not
        assertTrue(withErrors > CASES / 10 && withErrors < CASES, "cases with errors: " + withErrors);
    }

    /** The CPU time a case may take (its own thread's, so a busy machine does not count): a slow path, not a hang. */
    private static final long CPU_LIMIT_NANOS = 1_000_000_000L;
    /** How long a case may take on the wall clock before it counts as a hang (generous: only a hang reaches it). */
    private static final long HANG_SECONDS = 60;

    /** One case's result and the CPU time its thread spent on it. */
    private record Outcome(boolean errors, long cpuNanos) {
    }

    /**
     * Runs one case, its thread's CPU time measured: over {@link #CPU_LIMIT_NANOS} it is run once
     * more before it counts as too slow (a garbage collection or the JIT's first compilations are
     * not taken for a slow path); past {@link #HANG_SECONDS} of wall time it is a hang.
     */
    private static boolean guarded(ExecutorService executor, Path path, String mutated, int i) throws Exception {
        java.lang.management.ThreadMXBean threads = java.lang.management.ManagementFactory.getThreadMXBean();
        for (int attempt = 0; ; attempt++) {
            Future<Outcome> run = executor.submit(() -> {
                long start = threads.getCurrentThreadCpuTime();
                boolean errors = runCase(path, mutated);
                return new Outcome(errors, threads.getCurrentThreadCpuTime() - start);
            });
            Outcome outcome;
            try {
                outcome = run.get(HANG_SECONDS, TimeUnit.SECONDS);
            } catch (TimeoutException hang) {
                run.cancel(true);
                fail("case " + i + " of " + path.getFileName() + " hangs (over " + HANG_SECONDS + " s):\n" + mutated);
                return false;
            } catch (ExecutionException e) {
                throw new AssertionError("case " + i + " of " + path.getFileName() + " threw " + e.getCause()
                        + "\n---- mutated source ----\n" + mutated, e.getCause());
            }
            if (outcome.cpuNanos() <= CPU_LIMIT_NANOS) {
                return outcome.errors();
            }
            if (attempt == 1) {
                fail("case " + i + " of " + path.getFileName() + " took " + outcome.cpuNanos() / 1_000_000
                        + " ms of CPU (over 1 s, twice):\n" + mutated);
            }
        }
    }

    /** One mutated source through the pipeline; true if it produced errors. */
    private static boolean runCase(Path path, String mutated) {
        SourceRegistry registry = new SourceRegistry();
        registry.register(SourceText.of(path, mutated));
        Diagnostics diagnostics = new Diagnostics();
        try {
            List<ParsedFile> parsed = List.of(Dags.parse(registry, path, diagnostics));
            Dag dag = StructureBuilder.build(parsed, diagnostics);
            DagText.render(dag);
            DagJson.render(dag);
        } catch (UserError expected) {
            diagnostics.addAll(expected.diagnostics());
        }
        new DiagnosticRenderer(registry).render(diagnostics.sorted());
        return diagnostics.hasErrors();
    }

    static String mutate(String text, Random random) {
        StringBuilder b = new StringBuilder(text);
        int n = 1 + random.nextInt(3);
        for (int k = 0; k < n; k++) {
            int at = b.length() == 0 ? 0 : random.nextInt(b.length());
            switch (random.nextInt(6)) {
                case 0 -> b.setCharAt(Math.min(at, Math.max(0, b.length() - 1)), pick(random));
                case 1 -> b.insert(at, pick(random));
                case 2 -> {
                    if (b.length() > 0) {
                        b.deleteCharAt(at);
                    }
                }
                case 3 -> b.insert(at, SNIPPETS[random.nextInt(SNIPPETS.length)]);
                case 4 -> column6(b, random);
                default -> {
                    // delete a run of up to 40 characters (lines, halves of statements)
                    int len = Math.min(b.length() - at, 1 + random.nextInt(40));
                    b.delete(at, at + len);
                }
            }
        }
        return b.toString();
    }

    private static char pick(Random random) {
        return random.nextInt(4) == 0 ? (char) (32 + random.nextInt(95)) : SPECIAL.charAt(random.nextInt(SPECIAL.length()));
    }

    /** Puts a character in column 6 (or 1) of a random line: continuation and comment marks. */
    private static void column6(StringBuilder b, Random random) {
        int lineStart = 0;
        int target = random.nextInt(Math.max(1, b.length()));
        for (int i = target; i > 0; i--) {
            if (b.charAt(i - 1) == '\n') {
                lineStart = i;
                break;
            }
        }
        int col = random.nextBoolean() ? 5 : 0;
        char c = "&>1$*cC!x ".charAt(random.nextInt(10));
        if (lineStart + col < b.length() && b.charAt(lineStart + col) != '\n') {
            b.setCharAt(lineStart + col, c);
        } else {
            b.insert(Math.min(lineStart, b.length()), "     " + c);
        }
    }

    private static List<Path> sources() throws IOException {
        List<Path> out = new ArrayList<>();
        for (String f : List.of("tp.f", "dp.f", "tp_omp.f90", "dp_omp.f90")) {
            out.add(Dags.fixture("fft2d/" + f));
        }
        try (Stream<Path> s = Files.list(Dags.fixture("npb"))) {
            s.filter(p -> p.toString().endsWith(".f") || p.toString().endsWith(".f90")).sorted().forEach(out::add);
        }
        // the front-end corpus (lcm.frontend.CorpusTest): the styles of issue 12
        try (Stream<Path> s = Files.list(lcm.TestRepo.root().resolve("grammar/src/test/resources/corpus"))) {
            s.filter(p -> p.toString().matches(".*\\.(f|f90|F|F90|java)$")).sorted().forEach(out::add);
        }
        return out;
    }
}
