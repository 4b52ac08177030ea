package lcm.probe.calibration;

import lcm.source.UserError;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;

/**
 * A measuring program calibration starts (a JVM running one of this package's kernels, or the
 * compiled OpenMP kernel): its command, its output lines as they come, and its end. A child that
 * fails is a {@link UserError} that names it and quotes the end of its output.
 */
final class ChildProcess {

    private final String name;
    private final Process process;
    private final List<String> lines = Collections.synchronizedList(new ArrayList<>());
    private final Thread reader;

    private ChildProcess(String name, Process process) {
        this.name = name;
        this.process = process;
        this.reader = new Thread(() -> {
            try (BufferedReader r = new BufferedReader(new InputStreamReader(process.getInputStream(),
                    StandardCharsets.UTF_8))) {
                for (String line = r.readLine(); line != null; line = r.readLine()) {
                    synchronized (lines) {
                        lines.add(line);
                        lines.notifyAll();
                    }
                }
            } catch (IOException ignored) {
                // the child ended; what it printed is in lines
            }
            synchronized (lines) {
                lines.notifyAll();
            }
        }, "lcm-calibrate-" + name);
        reader.setDaemon(true);
        reader.start();
    }

    /** Starts {@code command} (stderr with stdout) with {@code environment} added to lcm's. */
    static ChildProcess start(String name, List<String> command, Map<String, String> environment) {
        ProcessBuilder pb = new ProcessBuilder(command).redirectErrorStream(true);
        pb.environment().putAll(environment);
        try {
            return new ChildProcess(name, pb.start());
        } catch (IOException e) {
            throw UserError.of("cannot start the " + name + " (" + command.get(0) + "): " + e.getMessage());
        }
    }

    /** Runs {@code command} to its end; its output lines. */
    static List<String> run(String name, List<String> command, Map<String, String> environment) {
        ChildProcess c = start(name, command, environment);
        return c.end();
    }

    /** The java command of this JVM running {@code main} of lcm's classes, after {@code options}. */
    static List<String> java(List<String> options, Class<?> main, String... args) {
        List<String> cmd = new ArrayList<>();
        cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        cmd.addAll(options);
        cmd.addAll(List.of("-cp", System.getProperty("java.class.path"), main.getName()));
        cmd.addAll(List.of(args));
        return cmd;
    }

    /** Waits until the child prints {@code line}; an error if it ends first. */
    void await(String line) {
        synchronized (lines) {
            while (!lines.contains(line)) {
                if (!process.isAlive() && !reader.isAlive()) {
                    throw failed(exitValue());
                }
                try {
                    lines.wait(100);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    throw UserError.of("interrupted while waiting for the " + name);
                }
            }
        }
    }

    /** Closes the child's input (the co-runner's signal to stop) and waits for its end; its output lines. */
    List<String> end() {
        try {
            process.getOutputStream().close();
            int status = process.waitFor();
            reader.join();
            if (status != 0) {
                throw failed(status);
            }
        } catch (IOException e) {
            throw UserError.of("cannot stop the " + name + ": " + e.getMessage());
        } catch (InterruptedException e) {
            process.destroyForcibly();
            Thread.currentThread().interrupt();
            throw UserError.of("interrupted while the " + name + " ran");
        }
        synchronized (lines) {
            return List.copyOf(lines);
        }
    }

    /** Ends the child at once (after a failure elsewhere). */
    void kill() {
        process.destroyForcibly();
    }

    private int exitValue() {
        try {
            return process.waitFor();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return -1;
        }
    }

    private UserError failed(int status) {
        List<String> out;
        synchronized (lines) {
            out = List.copyOf(lines.subList(Math.max(0, lines.size() - 5), lines.size()));
        }
        return UserError.of("the " + name + " exited with status " + status
                + (out.isEmpty() ? "" : ": " + String.join(" | ", out)));
    }
}
