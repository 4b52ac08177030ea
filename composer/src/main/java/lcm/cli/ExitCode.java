package lcm.cli;

/** Exit codes of every command (docs/cli.md). */
public final class ExitCode {
    public static final int OK = 0;
    public static final int INTERNAL = 1;
    public static final int USER = 2;

    private ExitCode() {
    }
}
