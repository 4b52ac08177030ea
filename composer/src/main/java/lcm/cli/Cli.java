package lcm.cli;

import lcm.source.DiagnosticRenderer;
import lcm.source.UserError;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.ParseResult;

import java.io.PrintStream;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Builds the picocli command line with replaceable output streams, so every command can be
 * run in-process by tests. User errors print their located diagnostics (line and caret) and
 * exit 2; anything else is an internal error, exit 1, with a stack trace only under --debug.
 */
public final class Cli {

    private Cli() {
    }

    /** The whole command line, every subcommand built (what {@code lcm --help} lists). */
    public static CommandLine create(PrintStream out, PrintStream err) {
        return build(out, err, LcmCommand.COMMANDS);
    }

    /**
     * The command line for one run: only the subcommand {@code args} names is built, so a run
     * does not reflect over the options of every other command (a third of {@code lcm dag}'s
     * start); when the arguments name no subcommand (help, version, a typo to suggest a name
     * for), every one is built.
     */
    public static CommandLine create(PrintStream out, PrintStream err, String[] args) {
        Class<?> named = named(args);
        return build(out, err, named == null ? LcmCommand.COMMANDS : List.of(named));
    }

    /** The subcommand the first argument that is not a root option names, or null. */
    static Class<?> named(String[] args) {
        for (String a : args) {
            if (a.startsWith("-")) {
                if (a.equals("--")) {
                    return null;
                }
                continue; // the root's options take no values
            }
            for (Class<?> c : LcmCommand.COMMANDS) {
                Command command = c.getAnnotation(Command.class);
                if (command.name().equals(a) || List.of(command.aliases()).contains(a)) {
                    return c;
                }
            }
            return null;
        }
        return null;
    }

    private static CommandLine build(PrintStream out, PrintStream err, List<Class<?>> commands) {
        LcmCommand root = new LcmCommand(out, err);
        CommandLine cl = new CommandLine(root);
        for (Class<?> c : commands) {
            cl.addSubcommand(c); // before the settings below: they reach the subcommands present
        }
        for (CommandLine sub : new java.util.LinkedHashSet<>(cl.getSubcommands().values())) { // an alias maps to its command again
            if (sub.getCommand() instanceof FormatOption.Holder h) {
                sub.getCommandSpec().addMixin("format", h.format().mixin());
            }
        }
        cl.setOut(new PrintWriter(out, true, StandardCharsets.UTF_8));
        cl.setErr(new PrintWriter(err, true, StandardCharsets.UTF_8));
        cl.setCaseInsensitiveEnumValuesAllowed(true);
        cl.registerConverter(Path.class, new PathConverter()); // fixtures/... works from any folder
        cl.setExecutionExceptionHandler(new ExecutionFailure(root, err));
        cl.setExecutionStrategy(new Execution(root, err));
        cl.setParameterExceptionHandler(new ParameterFailure(root, err));
        return cl;
    }

    // Named classes, not lambdas, for picocli's interfaces: picocli's class files are Java 5, and
    // a lambda implementing one of its interfaces keeps that interface, and every class that
    // implements it, out of the launcher's class-data-sharing archive (docs/bench.md#start-up).

    private static final class PathConverter implements CommandLine.ITypeConverter<Path> {
        @Override
        public Path convert(String value) {
            return Home.given(value);
        }
    }

    private record Execution(LcmCommand root, PrintStream err) implements CommandLine.IExecutionStrategy {
        @Override
        public int execute(ParseResult parseResult) {
            return lastLineOfDefence(parseResult, root, err);
        }
    }

    private record ExecutionFailure(LcmCommand root, PrintStream err) implements CommandLine.IExecutionExceptionHandler {
        @Override
        public int handleExecutionException(Exception ex, CommandLine commandLine, ParseResult parseResult) {
            return handle(ex, root, err, parseResult);
        }
    }

    private record ParameterFailure(LcmCommand root, PrintStream err) implements CommandLine.IParameterExceptionHandler {
        @Override
        public int handleParseException(CommandLine.ParameterException ex, String[] args) {
            if (ex.getCause() instanceof UserError u) {
                return handle(u, root, err, null); // a value a converter (Converters) rejected
            }
            err.println("lcm: " + ex.getMessage());
            CommandLine.UnmatchedArgumentException.printSuggestions(ex, err);
            err.println("Try '" + ex.getCommandLine().getCommandSpec().qualifiedName() + " --help' for more information.");
            return ExitCode.USER;
        }
    }

    /**
     * Runs the command; a {@link StackOverflowError} or {@link OutOfMemoryError} that escapes
     * every limit of the readers below becomes one line naming the inputs and the limit, exit 2
     * (the input was too large for this JVM, not a bug), with the stack trace only under --debug.
     */
    static int lastLineOfDefence(ParseResult parseResult, LcmCommand root, PrintStream err) {
        try {
            return onCommandThread(() -> new CommandLine.RunLast().execute(parseResult));
        } catch (StackOverflowError | OutOfMemoryError e) {
            return exhausted(e, parseResult, root, err);
        }
    }

    /**
     * The stack of the thread every command runs on. The readers and builders limit nesting
     * explicitly (expressions 1,000 deep, program structure {@code StructureBuilder.MAX_DEPTH}
     * levels); this stack is far deeper than those limits need, so the limits, not the caller's
     * stack, decide, the same on every run (only reserved address space until used).
     */
    static final long COMMAND_STACK_BYTES = 512L << 20;

    /** Runs {@code command} on a fresh thread with {@link #COMMAND_STACK_BYTES} of stack; rethrows what it throws. */
    private static int onCommandThread(java.util.concurrent.Callable<Integer> command) {
        int[] exit = new int[1];
        Throwable[] thrown = new Throwable[1];
        Thread t = new Thread(null, () -> {
            try {
                exit[0] = command.call();
            } catch (Throwable e) {
                thrown[0] = e;
            }
        }, "lcm-command", COMMAND_STACK_BYTES);
        t.start();
        boolean interrupted = false;
        while (true) {
            try {
                t.join();
                break;
            } catch (InterruptedException e) {
                interrupted = true;
                t.interrupt();
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
        if (thrown[0] instanceof RuntimeException r) {
            throw r;
        }
        if (thrown[0] instanceof Error e) {
            throw e;
        }
        if (thrown[0] != null) {
            throw new IllegalStateException(thrown[0]);
        }
        return exit[0];
    }

    private static int exhausted(Throwable e, ParseResult parseResult, LcmCommand root, PrintStream err) {
        String limit = e instanceof StackOverflowError
                ? "input too deeply nested for the thread stack (raise it with LCM_JAVA_OPTS=-Xss64m)"
                : "input too large for the heap of " + Runtime.getRuntime().maxMemory() / 1048576
                        + " MiB (raise it with LCM_JAVA_OPTS=-Xmx4g)";
        String inputs = inputs(parseResult);
        err.println("lcm: " + (inputs.isEmpty() ? "" : inputs + ": ") + limit
                + (root.debug() ? "" : "; run with --debug for the stack trace"));
        if (root.debug()) {
            e.printStackTrace(err);
        }
        err.flush();
        return ExitCode.USER;
    }

    /** The files named on the command line, as given. */
    private static String inputs(ParseResult parseResult) {
        List<String> files = new ArrayList<>();
        for (String a : parseResult.originalArgs()) {
            for (String part : a.startsWith("-") && a.contains("=") ? List.of(a.substring(a.indexOf('=') + 1)) : List.of(a)) {
                try {
                    if (!part.startsWith("-") && Files.isRegularFile(Path.of(part))) {
                        files.add(part);
                    }
                } catch (InvalidPathException ignored) {
                    // not a file name
                }
            }
        }
        return String.join(", ", files);
    }

    static int handle(Exception ex, LcmCommand root, PrintStream err, ParseResult parseResult) {
        Throwable t = ex;
        for (Throwable c = ex; c != null; c = c.getCause()) {
            if (c instanceof StackOverflowError || c instanceof OutOfMemoryError) {
                // thrown on a worker thread and handed back wrapped
                return exhausted(c, parseResult, root, err);
            }
        }
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
