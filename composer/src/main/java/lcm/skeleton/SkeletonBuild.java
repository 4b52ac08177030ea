package lcm.skeleton;

import lcm.source.UserError;

import java.lang.reflect.Method;
import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** Compiles a skeleton folder's {@code Skeleton.java} (javax.tools) and runs it. */
public final class SkeletonBuild {

    private SkeletonBuild() {
    }

    /** Compiles {@code dir/Skeleton.java} into {@code dir/classes}; false when this runtime has no compiler. */
    public static boolean compile(Path dir) throws IOException {
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        if (javac == null) {
            return false;
        }
        Path classes = dir.resolve("classes");
        Files.createDirectories(classes);
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int rc = javac.run(null, null, err, "-d", classes.toString(), "-nowarn", dir.resolve("Skeleton.java").toString());
        if (rc != 0) {
            throw new IllegalStateException("the generated skeleton does not compile (a bug in lcm):\n"
                    + err.toString(StandardCharsets.UTF_8));
        }
        return true;
    }

    /** A compiled skeleton loaded into this JVM: run it as often as wanted (its code stays compiled by the JIT). */
    public static final class Loaded {
        private final Method run;

        private Loaded(Method run) {
            this.run = run;
        }

        /** Runs the skeleton once; returns its run time in seconds. */
        public double run() {
            try {
                return (double) run.invoke(null);
            } catch (ReflectiveOperationException e) {
                throw new IllegalStateException("running the skeleton failed: " + e, e);
            }
        }
    }

    /** Loads the compiled skeleton of {@code dir} in a class loader of its own. */
    public static Loaded load(Path dir) {
        try {
            URLClassLoader loader = new URLClassLoader(new URL[] {dir.resolve("classes").toUri().toURL()}, null);
            return new Loaded(loader.loadClass("Skeleton").getMethod("run"));
        } catch (ReflectiveOperationException | IOException e) {
            throw new IllegalStateException("loading the skeleton failed: " + e, e);
        }
    }

    /** Runs the compiled skeleton once in this JVM; returns its run time in seconds. */
    public static double runInProcess(Path dir) {
        return load(dir).run();
    }

    /** Runs the compiled skeleton in its own JVM; returns what it printed. */
    public static String runProcess(Path dir) {
        Path java = Path.of(System.getProperty("java.home"), "bin", "java");
        List<String> cmd = new ArrayList<>(List.of(java.toString(), "-cp", dir.resolve("classes").toString(), "Skeleton"));
        try {
            Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
            String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            int rc = p.waitFor();
            if (rc != 0) {
                throw UserError.of("the skeleton exited with " + rc + ":\n" + out);
            }
            return out;
        } catch (IOException e) {
            throw UserError.of("cannot run " + java + ": " + e.getMessage());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw UserError.of("interrupted while the skeleton ran");
        }
    }
}
