package lcm.cli;

import java.io.PrintStream;

/**
 * The {@code lcm} executable. Exits explicitly: Symja leaves a non-daemon thread pool
 * behind, and returning from main would keep the JVM alive for about a minute.
 */
public final class Main {

    private Main() {
    }

    public static void main(String[] args) {
        int code = run(args, System.out, System.err);
        System.out.flush();
        System.err.flush();
        System.exit(code);
    }

    /** One run of {@code lcm args}, its exit code returned (also the launcher's archive training run). */
    public static int run(String[] args, PrintStream out, PrintStream err) {
        Logging.silence();
        return Cli.create(out, err, args).execute(args);
    }
}
