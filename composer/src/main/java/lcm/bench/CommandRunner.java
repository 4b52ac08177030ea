package lcm.bench;

import java.io.PrintStream;

/**
 * Runs one {@code lcm} command line in this JVM and returns its exit code: how benchmarks and the
 * fuzzer drive the commands without depending on them ({@code lcm.cli} hands in {@code Main::run}).
 */
@FunctionalInterface
public interface CommandRunner {
    int run(String[] args, PrintStream out, PrintStream err);
}
