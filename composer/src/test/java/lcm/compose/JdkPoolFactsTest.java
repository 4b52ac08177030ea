package lcm.compose;

import lcm.TestRepo;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The JDK behaviour the pool's schedule assumes ({@link PoolSchedule}, docs/composition.md,
 * "Execution models"), checked on the JDK that runs the tests: fixtures/jdk/PoolFacts.java under
 * {@code -XX:ActiveProcessorCount=p}. The common pool has parallelism p - 1 (at least 1) and no
 * more threads than that while a task blocks in a join; at parallelism 1, {@code runAsync} runs
 * each task on a thread of its own, above it on pool workers; the thread that calls a parallel
 * stream takes part in it; a task blocked in {@code CompletableFuture.join} and {@code main}
 * blocked in {@code allOf(...).join()} run no chunk of another task's stream. Counts of threads,
 * not times: the facts hold however loaded the machine is.
 */
class JdkPoolFactsTest {

    private static Map<String, String> facts(int processors) throws Exception {
        Path java = Path.of(System.getProperty("java.home"), "bin", "java");
        Path out = Files.createTempFile("poolfacts", ".txt");
        try {
            Process p = new ProcessBuilder(java.toString(), "-XX:ActiveProcessorCount=" + processors,
                    TestRepo.file("fixtures/jdk/PoolFacts.java").toString())
                    .redirectErrorStream(true).redirectOutput(out.toFile()).start();
            assertTrue(p.waitFor(120, TimeUnit.SECONDS), "PoolFacts did not finish");
            Map<String, String> facts = new HashMap<>();
            for (String line : Files.readAllLines(out)) {
                int eq = line.indexOf('=');
                if (eq > 0) {
                    facts.put(line.substring(0, eq), line.substring(eq + 1));
                }
            }
            assertEquals(0, p.exitValue(), facts.toString());
            return facts;
        } finally {
            Files.deleteIfExists(out);
        }
    }

    @ParameterizedTest
    @ValueSource(ints = {2, 4, 8})
    void theCommonPoolAsThePoolScheduleHasIt(int p) throws Exception {
        Map<String, String> f = facts(p);
        int parallelism = Math.max(1, p - 1);
        assertEquals(String.valueOf(parallelism), f.get("parallelism"), f.toString());
        assertEquals(PoolSchedule.Pool.common(p).workers(), parallelism);
        assertTrue(Integer.parseInt(f.get("poolSize")) <= parallelism, "no spare thread replaces a blocked joiner: " + f);
        assertEquals(String.valueOf(parallelism == 1), f.get("tasksOnOwnThreads"), f.toString());
        assertEquals(String.valueOf(parallelism > 1), f.get("tasksOnWorkers"), f.toString());
        assertEquals(PoolSchedule.Pool.common(p).threadPerTask(), parallelism == 1);
        assertEquals("true", f.get("streamCallerTakesPart"), f.toString());
        assertEquals("5120", f.get("chunks"), f.toString());
        assertEquals("0", f.get("chunksByBlockedJoiner"), f.toString());
        assertEquals("0", f.get("chunksByWaitingMain"), f.toString());
    }
}
