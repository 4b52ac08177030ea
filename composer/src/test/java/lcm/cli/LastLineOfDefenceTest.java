package lcm.cli;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Whatever escapes the readers' own limits ends in one line and exit 2, never a raw stack trace. */
class LastLineOfDefenceTest {

    /** Recurses without end on its input, as a reader without a depth limit would. */
    @Command(name = "nest")
    static final class Nest implements Callable<Integer> {
        @Parameters
        Path file;

        @Override
        public Integer call() {
            return depth(0);
        }

        private static int depth(int d) {
            return depth(d + 1) + 1;
        }
    }

    /** Runs out of heap on its input. */
    @Command(name = "grow")
    static final class Grow implements Callable<Integer> {
        @Parameters
        Path file;

        @Override
        public Integer call() {
            throw new OutOfMemoryError("Java heap space");
        }
    }

    /** Overflows on a worker thread; the error comes back wrapped. */
    @Command(name = "worker")
    static final class Worker implements Callable<Integer> {
        @Override
        public Integer call() throws Exception {
            return CompletableFuture.supplyAsync(() -> {
                throw new StackOverflowError();
            }).thenApply(x -> 0).get();
        }
    }

    private record Run(int code, String err) {
    }

    private static Run run(String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        CommandLine cl = Cli.create(new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8));
        cl.addSubcommand(new Nest()).addSubcommand(new Grow()).addSubcommand(new Worker());
        int code = cl.execute(args);
        return new Run(code, err.toString(StandardCharsets.UTF_8));
    }

    @Test
    void aStackOverflowIsOneLineNamingTheInputAndTheLimit(@TempDir Path dir) throws Exception {
        Path deep = Files.writeString(dir.resolve("deep.f"), "(((");
        Run r = run("nest", deep.toString());
        assertEquals(2, r.code());
        assertEquals("lcm: " + deep + ": input too deeply nested for the thread stack (raise it with "
                + "LCM_JAVA_OPTS=-Xss64m); run with --debug for the stack trace\n", r.err());
    }

    @Test
    void theStackTraceOnlyUnderDebug(@TempDir Path dir) throws Exception {
        Path deep = Files.writeString(dir.resolve("deep.f"), "(((");
        Run r = run("--debug", "nest", deep.toString());
        assertEquals(2, r.code());
        assertTrue(r.err().startsWith("lcm: " + deep + ": input too deeply nested for the thread stack"), r.err());
        assertTrue(r.err().contains("at lcm.cli.LastLineOfDefenceTest$Nest.depth"), r.err());
    }

    @Test
    void runningOutOfHeapNamesTheHeap(@TempDir Path dir) throws Exception {
        Path big = Files.writeString(dir.resolve("big.prv"), "#Paraver");
        Run r = run("grow", big.toString());
        assertEquals(2, r.code());
        long mib = Runtime.getRuntime().maxMemory() / 1048576;
        assertEquals("lcm: " + big + ": input too large for the heap of " + mib + " MiB (raise it with "
                + "LCM_JAVA_OPTS=-Xmx4g); run with --debug for the stack trace\n", r.err());
    }

    @Test
    void anOverflowOnAWorkerThreadIsTheSame() {
        Run r = run("worker");
        assertEquals(2, r.code());
        assertTrue(r.err().startsWith("lcm: input too deeply nested for the thread stack"), r.err());
        assertFalse(r.err().contains("internal error"), r.err());
    }
}
