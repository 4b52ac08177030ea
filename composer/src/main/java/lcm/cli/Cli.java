package lcm.cli;

import lcm.source.DiagnosticRenderer;
import lcm.source.UserError;
import picocli.CommandLine;

import java.io.PrintStream;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;

/**
 * Builds the picocli command line with replaceable output streams, so every command can be
 * run in-process by tests. User errors print their located diagnostics (line and caret) and
 * exit 2; anything else is an internal error, exit 1, with a stack trace only under --debug.
 */
public final class Cli {

    private Cli() {
    }

    public static CommandLine create(PrintStream out, PrintStream err) {
        LcmCommand root = new LcmCommand(out, err);
        CommandLine cl = new CommandLine(root);
        cl.setOut(new PrintWriter(out, true, StandardCharsets.UTF_8));
        cl.setErr(new PrintWriter(err, true, StandardCharsets.UTF_8));
        cl.setCaseInsensitiveEnumValuesAllowed(true);
        cl.setExecutionExceptionHandler((ex, commandLine, parseResult) -> handle(ex, root, err));
        cl.setParameterExceptionHandler((ex, args) -> {
            err.println("lcm: " + ex.getMessage());
            CommandLine.UnmatchedArgumentException.printSuggestions(ex, err);
            err.println("Try '" + ex.getCommandLine().getCommandSpec().qualifiedName() + " --help' for more information.");
            return ExitCode.USER;
        });
        return cl;
    }

    static int handle(Exception ex, LcmCommand root, PrintStream err) {
        Throwable t = ex;
        if (t instanceof UserError u) {
            err.print(new DiagnosticRenderer(root.sources()).render(u.diagnostics()));
            if (root.debug()) {
                u.printStackTrace(err);
            }
            err.flush();
            return ExitCode.USER;
        }
        err.println("lcm: internal error: " + t);
        if (root.debug()) {
            t.printStackTrace(err);
        } else {
            err.println("(run with --debug for the stack trace)");
        }
        err.flush();
        return ExitCode.INTERNAL;
    }
}
