package lcm.cli;

import lcm.expr.NumberText;
import picocli.CommandLine;

import java.io.PrintStream;
import java.lang.management.ManagementFactory;

/**
 * The {@code lcm} executable. Exits explicitly: Symja leaves a non-daemon thread pool
 * behind, and returning from main would keep the JVM alive for about a minute.
 */
public final class Main {

    private Main() {
    }

    public static void main(String[] args) {
        long mainMillis = System.currentTimeMillis();
        long t0 = System.nanoTime();
        CommandLine cl = commandLine(args, System.out, System.err);
        long built = System.nanoTime();
        int code = cl.execute(args);
        System.out.flush();
        if (Boolean.getBoolean("lcm.trace.startup")) {
            traceStartup(mainMillis, built - t0, System.nanoTime() - built);
        }
        System.err.flush();
        System.exit(code);
    }

    /** One run of {@code lcm args}, its exit code returned (the launcher's archive training runs these). */
    public static int run(String[] args, PrintStream out, PrintStream err) {
        return commandLine(args, out, err).execute(args);
    }

    private static CommandLine commandLine(String[] args, PrintStream out, PrintStream err) {
        Logging.silence();
        return Cli.create(out, err, args);
    }

    /**
     * {@code -Dlcm.trace.startup=true} (e.g. {@code LCM_JAVA_OPTS=-Dlcm.trace.startup=true ./lcm dag tp.f}):
     * where a run's time went, on stderr (docs/bench.md#start-up).
     */
    private static void traceStartup(long mainMillis, long buildNanos, long commandNanos) {
        long jvmStart = ManagementFactory.getRuntimeMXBean().getStartTime();
        System.err.println("lcm: start-up: JVM start to main " + (mainMillis - jvmStart) + " ms, command line built in "
                + NumberText.fixed(buildNanos / 1e6, 1) + " ms, command " + NumberText.fixed(commandNanos / 1e6, 1) + " ms");
    }
}
