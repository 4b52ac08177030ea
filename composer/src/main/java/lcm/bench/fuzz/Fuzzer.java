package lcm.bench.fuzz;

import lcm.expr.NumberText;
import lcm.bench.CommandRunner;

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
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Runs mutated inputs of one format through the CLI entry point in-process and checks each
 * outcome: exit 0, or exit 2 with a located diagnostic ({@code file:line:col:}) whose line
 * exists in the file (or, for a problem of the whole file such as "no measurements", one that
 * names the file); never exit 1, an internal error, a stack trace or an escaped
 * {@code StackOverflowError}/{@code OutOfMemoryError}; and each input within the time budget
 * (the harness gives up on a run that overruns, interrupts it and moves on). Failing inputs are
 * saved for replay.
 */
public final class Fuzzer {

    /** The outcome of one input. */
    public record Outcome(int index, int exit, boolean ok, String problem, double seconds, List<Mutator.Kind> kinds) {
    }

    /** The outcomes of a run of one format. */
    public record Report(String format, int inputs, int exit0, int exit2, List<Outcome> failures, double seconds,
                         double slowest) {

        public String line() {
            return String.format(Locale.ROOT, "%-12s %7d inputs: %7d exit 0, %7d exit 2 (located), %5d failures;"
                    + " %s s, slowest %s s", format, inputs, exit0, exit2, failures.size(), NumberText.fixed(seconds, 1),
                    NumberText.fixed(slowest, 2));
        }
    }

    private static final Pattern LOCATED = Pattern.compile("(?m)^(.+?):(\\d+):(\\d+): ");
    private static final long MAX_OUTPUT = 1 << 20;

    private final CommandRunner lcm;
    private final double budgetSeconds;
    private final Path saveTo;
    private ExecutorService worker = newWorker();

    /** {@code lcm}: runs a command line; {@code saveTo}: where failing inputs are written (null: nowhere). */
    public Fuzzer(CommandRunner lcm, double budgetSeconds, Path saveTo) {
        this.lcm = lcm;
        this.budgetSeconds = budgetSeconds;
        this.saveTo = saveTo;
    }

    private ExecutorService newWorker() {
        return Executors.newSingleThreadExecutor(r -> {
            Thread t = new Thread(null, r, "lcm-fuzz", 0); // the default stack, as a user's main thread has
            t.setDaemon(true);
            return t;
        });
    }

    /** Inputs {@code from} .. {@code from + count - 1} of {@code format} under the seed {@code base}. */
    public Report run(FuzzFormat format, long base, int from, int count) {
        int exit0 = 0;
        int exit2 = 0;
        double slowest = 0;
        List<Outcome> failures = new ArrayList<>();
        Path dir;
        try {
            dir = Files.createTempDirectory("lcm-fuzz-" + format.name());
            for (Map.Entry<String, byte[]> c : format.companions().entrySet()) {
                Files.write(dir.resolve(c.getKey()), c.getValue());
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        // the unmutated seed once, not counted: the first run of a JVM loads the command's classes (and
        // starts Symja), which is no property of the input that happens to come first
        one(format, dir, -1, new Mutator.Result(format.seed(), List.of()));
        long t0 = System.nanoTime();
        for (int i = from; i < from + count; i++) {
            Mutator.Result input = Mutator.mutate(format.seed(), base, i);
            Outcome o = one(format, dir, i, input);
            slowest = Math.max(slowest, o.seconds());
            if (!o.ok()) {
                failures.add(o);
                save(format, i, input.bytes());
            } else if (o.exit() == 0) {
                exit0++;
            } else {
                exit2++;
            }
        }
        deleteTree(dir);
        return new Report(format.name(), count, exit0, exit2, failures, (System.nanoTime() - t0) / 1e9, slowest);
    }

    /** Runs one input and judges it. */
    public Outcome one(FuzzFormat format, Path dir, int index, Mutator.Result input) {
        Path file = dir.resolve(format.fileName());
        try {
            Files.write(file, input.bytes());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        List<String> args = format.command().apply(dir, file);
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        long t0 = System.nanoTime();
        Future<Object> f = worker.submit(() -> {
            try {
                return lcm.run(args.toArray(String[]::new), capped(out), capped(err));
            } catch (Throwable escaped) {
                return escaped;
            }
        });
        Object result;
        try {
            result = f.get((long) (budgetSeconds * 1000), TimeUnit.MILLISECONDS);
        } catch (TimeoutException overrun) {
            stopWorker();
            return new Outcome(index, -1, false, "over the " + NumberText.fixed(budgetSeconds, 0) + " s budget",
                    (System.nanoTime() - t0) / 1e9, input.kinds());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted", e);
        } catch (java.util.concurrent.ExecutionException e) {
            result = e.getCause();
        }
        double seconds = (System.nanoTime() - t0) / 1e9;
        if (result instanceof Throwable t) {
            return new Outcome(index, -1, false, "escaped " + t, seconds, input.kinds());
        }
        int exit = (Integer) result;
        String stderr = err.toString(StandardCharsets.UTF_8);
        String problem = judge(exit, stderr, input.bytes(), format.fileName());
        return new Outcome(index, exit, problem == null, problem == null ? "" : problem, seconds, input.kinds());
    }

    /** Null when the outcome is acceptable, else what is wrong with it. */
    static String judge(int exit, String stderr, byte[] input, String fileName) {
        if (stderr.contains("internal error") || stderr.contains("\tat ") || stderr.contains("Exception in thread")) {
            return "exit " + exit + ": " + firstLine(stderr);
        }
        if (exit != 0 && exit != 2) {
            return "exit " + exit + ": " + firstLine(stderr);
        }
        if (exit == 0) {
            return null;
        }
        Matcher m = LOCATED.matcher(stderr);
        boolean located = false;
        while (m.find()) {
            located = true;
            if (Path.of(m.group(1).strip()).getFileName() != null
                    && m.group(1).strip().endsWith(fileName)) {
                long line = Long.parseLong(m.group(2));
                long lines = lines(input);
                if (line < 1 || line > lines + 1) { // one past the end: where some readers report end of file
                    return "exit 2 at line " + line + " of a file of " + lines + " lines: " + firstLine(stderr);
                }
            }
        }
        // a problem of the whole file (no measurements, no header row) names the file without a line
        if (!located && Pattern.compile("(?m)(^|\\s|/)" + Pattern.quote(fileName) + ": ").matcher(stderr).find()) {
            return null;
        }
        return located ? null : "exit 2 without a located diagnostic: " + firstLine(stderr);
    }

    /** Lines as an editor counts them: ends are LF, CRLF or a lone CR. */
    static long lines(byte[] b) {
        long n = 1;
        for (int i = 0; i < b.length; i++) {
            if (b[i] == '\n' || (b[i] == '\r' && (i + 1 == b.length || b[i + 1] != '\n'))) {
                n++;
            }
        }
        return n;
    }

    private static String firstLine(String s) {
        String t = s.strip();
        int nl = t.indexOf('\n');
        String first = nl < 0 ? t : t.substring(0, nl);
        return first.length() > 200 ? first.substring(0, 200) + "..." : first;
    }

    /**
     * Gives up on an overrunning run: interrupts it and leaves its daemon thread behind (stopping
     * a thread outright could leave a class half initialized and fail every later input), and
     * takes a fresh worker for the next input.
     */
    private void stopWorker() {
        worker.shutdownNow();
        worker = newWorker();
    }

    private void save(FuzzFormat format, int index, byte[] bytes) {
        if (saveTo == null) {
            return;
        }
        try {
            Files.createDirectories(saveTo);
            Files.write(saveTo.resolve(format.name() + "-" + index + "-" + format.fileName()), bytes);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static PrintStream capped(ByteArrayOutputStream sink) {
        return new PrintStream(new OutputStream() {
            @Override
            public void write(int b) {
                if (sink.size() < MAX_OUTPUT) {
                    sink.write(b);
                }
            }

            @Override
            public void write(byte[] b, int off, int len) {
                if (sink.size() < MAX_OUTPUT) {
                    sink.write(b, off, (int) Math.min(len, MAX_OUTPUT - sink.size()));
                }
            }
        }, true, StandardCharsets.UTF_8);
    }

    private static void deleteTree(Path dir) {
        try (var files = Files.walk(dir)) {
            files.sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        } catch (IOException ignored) {
            // a temporary folder left behind
        }
    }
}
