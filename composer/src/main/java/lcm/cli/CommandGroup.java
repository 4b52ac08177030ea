package lcm.cli;

import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;

/**
 * A command whose work is in its subcommands ({@code lcm campaign}, {@code lcm machine}): given
 * alone, it prints its usage; its subcommands reach lcm's streams and sources through {@link #root}.
 */
abstract class CommandGroup implements Runnable {

    @ParentCommand
    LcmCommand root;

    @Spec
    CommandSpec spec;

    @Override
    public void run() {
        spec.commandLine().usage(root.out());
    }
}
