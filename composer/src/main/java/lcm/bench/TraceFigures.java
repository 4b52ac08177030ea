package lcm.bench;

import lcm.expr.NumberText;
import lcm.trace.SyncTraceGenerator;

import java.io.BufferedWriter;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The critical-path figures, read from files as a user runs them: {@code lcm critical-path FILE}
 * in-process (reading and parsing included, printing to nowhere) on a generated synchronization
 * trace ({@code .sync}), a Paraver trace ({@code .prv}) and a Chrome trace ({@code .json}, the
 * one lcm itself writes for the sync trace with {@code --chrome}). The workload: tasks in a ring,
 * each round a fragment that posts to both neighbours and waits for both ({@link SyncTraceGenerator});
 * the Paraver trace sends to the right neighbour.
 */
public final class TraceFigures {

    /**
     * Untimed runs before the timed ones: at least 3, and at least 5 x 10^6 events in all. A run
     * of 10^6 events takes a fraction of a second, and after one run the JIT is still compiling
     * the reader and the engine (its threads' CPU time counts in the process's), so the timed
     * runs measured the compiler.
     */
    static int warmups(long events) {
        return (int) Math.max(3, Math.min(20, (5_000_000 + events - 1) / Math.max(1, events)));
    }

    private TraceFigures() {
    }

    public static List<Figure> run(CommandRunner lcm, long syncEvents, long otherEvents, int tasks, int runs) {
        List<Figure> out = new ArrayList<>();
        try {
            Path dir = Files.createTempDirectory("lcm-bench-trace");
            Path sync = dir.resolve("ring.sync");
            long written = writeSync(sync, syncEvents, tasks);
            out.add(time(lcm, "trace.sync", sync, written, "events", tasks, runs, 5e6));
            Path small = dir.resolve("ring-small.sync");
            long smallEvents = writeSync(small, otherEvents, tasks);
            Path chrome = dir.resolve("ring.json");
            int code = cli(lcm, "critical-path", "--chrome", chrome.toString(), small.toString());
            if (code != 0) {
                throw new IllegalStateException("critical-path --chrome failed with exit " + code);
            }
            out.add(time(lcm, "trace.chrome", chrome, smallEvents, "events of the sync trace", tasks, runs, Double.NaN));
            Path prv = dir.resolve("ring.prv");
            long records = writeParaver(prv, otherEvents, tasks);
            out.add(time(lcm, "trace.paraver", prv, records, "records", tasks, runs, Double.NaN));
            for (Path p : List.of(sync, small, chrome, prv)) {
                Files.deleteIfExists(p);
            }
            Files.deleteIfExists(dir);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out;
    }

    private static Figure time(CommandRunner lcm, String key, Path file, long events, String what, int tasks, int runs,
                               double atLeast)
            throws IOException {
        long bytes = Files.size(file);
        Sample s = Measure.runs(warmups(events), runs, () -> {
            int code = cli(lcm, "critical-path", file.toString());
            if (code != 0) {
                throw new IllegalStateException("critical-path " + file.getFileName() + " failed with exit " + code);
            }
            return code;
        });
        String ext = file.getFileName().toString().substring(file.getFileName().toString().lastIndexOf('.'));
        return Figure.rate(key, "critical path from a " + ext + " file, " + NumberText.count(events) + " " + what,
                        s, events, "events/s", atLeast)
                .withNote(NumberText.fixed(bytes / 1e6, 1) + " MB read and parsed per run, " + tasks + " tasks");
    }

    /** Runs the CLI in-process with its output thrown away; returns the exit code. */
    static int cli(CommandRunner lcm, String... args) {
        PrintStream nowhere = new PrintStream(OutputStream.nullOutputStream(), false, StandardCharsets.UTF_8);
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int code = lcm.run(args, nowhere, new PrintStream(err, true, StandardCharsets.UTF_8));
        if (code != 0) {
            System.err.print(err.toString(StandardCharsets.UTF_8));
        }
        return code;
    }

    /** The ring of {@link SyncTraceGenerator} (a barrier every 1,000 rounds); returns the events written. */
    static long writeSync(Path file, long events, int tasks) throws IOException {
        return SyncTraceGenerator.write(file, events, tasks, 6_000);
    }

    /**
     * A Paraver trace of the same ring: per task and iteration a state of 10 us and a message to
     * the right neighbour sent at its middle and received at its end. Returns the records written.
     */
    static long writeParaver(Path file, long events, int tasks) throws IOException {
        long iterations = Math.max(1, events / (2L * tasks));
        long end = iterations * 10_000;
        StringBuilder header = new StringBuilder("#Paraver (01/01/2024 at 10:00):" + end + "_ns:1(" + tasks + "):1:"
                + tasks + "(");
        for (int t = 0; t < tasks; t++) {
            header.append(t == 0 ? "" : ",").append("1:1");
        }
        header.append(")\n");
        try (BufferedWriter w = Files.newBufferedWriter(file, StandardCharsets.US_ASCII)) {
            w.write(header.toString());
            for (long i = 0; i < iterations; i++) {
                long b = i * 10_000;
                for (int t = 1; t <= tasks; t++) {
                    w.write("1:" + t + ":1:" + t + ":1:" + b + ":" + (b + 10_000) + ":1\n");
                }
                for (int t = 1; t <= tasks; t++) {
                    int to = t % tasks + 1;
                    w.write("3:" + t + ":1:" + t + ":1:" + (b + 4_000) + ":" + (b + 5_000) + ":" + to + ":1:" + to
                            + ":1:" + (b + 9_000) + ":" + (b + 9_500) + ":1024:" + t + "\n");
                }
            }
        }
        return iterations * 2L * tasks;
    }
}
