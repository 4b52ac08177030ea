package lcm.bench;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * A benchmark run in a JVM of its own, started with a bounded heap and the serial collector, so
 * that what a figure says about memory is what that heap allows: the child's output lines, or an
 * error with its exit code and output when it fails.
 */
final class OwnJvm {

    private OwnJvm() {
    }

    /** Runs {@code main} with {@code args} under {@code -Xmx<heapMiB>m}; its output lines (stderr merged). */
    static List<String> run(Class<?> main, int heapMiB, String... args) {
        List<String> cmd = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Xmx" + heapMiB + "m", "-XX:+UseSerialGC", "-cp", System.getProperty("java.class.path"), main.getName()));
        cmd.addAll(List.of(args));
        List<String> lines = new ArrayList<>();
        try {
            Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
            try (BufferedReader r = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
                for (String line = r.readLine(); line != null; line = r.readLine()) {
                    lines.add(line);
                }
            }
            int exit = p.waitFor();
            if (exit != 0) {
                String out = String.join("\n", lines);
                throw new IllegalStateException("the -Xmx" + heapMiB + "m run of " + main.getSimpleName() + " failed (exit "
                        + exit + "): " + out.substring(0, Math.min(2000, out.length())).strip());
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted", e);
        }
        return lines;
    }
}
