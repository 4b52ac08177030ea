package lcm.cli;

/**
 * The {@code lcm} executable. Exits explicitly: Symja leaves a non-daemon thread pool
 * behind, and returning from main would keep the JVM alive for about a minute.
 */
public final class Main {

    private Main() {
    }

    public static void main(String[] args) {
        Logging.silence();
        int code = Cli.create(System.out, System.err).execute(args);
        System.out.flush();
        System.err.flush();
        System.exit(code);
    }
}
