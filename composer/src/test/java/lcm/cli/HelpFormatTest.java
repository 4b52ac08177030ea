package lcm.cli;

import org.junit.jupiter.api.Test;
import picocli.CommandLine;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Every command's {@code --help}, subcommands' too, formats without a picocli warning: picocli
 * reads a description as a format, so a bare {@code %} ("90 % prediction interval") made it print
 * {@code [picocli WARN] Could not format ...} before the help.
 */
class HelpFormatTest {

    private static final PrintStream NOWHERE = new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8);

    /** The argument lists that name each command of the tree under {@code c}: {@code [campaign, run]}. */
    private static void paths(CommandLine c, List<String> prefix, List<List<String>> out) {
        for (var e : c.getSubcommands().entrySet()) {
            if (!e.getKey().equals(e.getValue().getCommandName())) {
                continue; // an alias
            }
            List<String> path = new ArrayList<>(prefix);
            path.add(e.getKey());
            out.add(path);
            paths(e.getValue(), path, out);
        }
    }

    @Test
    void everyCommandsHelpPrintsNoPicocliWarning() {
        List<List<String>> paths = new ArrayList<>();
        paths(Cli.create(NOWHERE, NOWHERE), List.of(), paths);
        assertTrue(paths.size() > 16, paths.toString()); // the 17 commands and their own subcommands
        // picocli's tracer writes its warnings to System.err itself, not to the command's stream
        PrintStream before = System.err;
        ByteArrayOutputStream traced = new ByteArrayOutputStream();
        System.setErr(new PrintStream(traced, true, StandardCharsets.UTF_8));
        try {
            for (List<String> path : paths) {
                List<String> args = new ArrayList<>(path);
                args.add("--help");
                CliRun run = CliRun.of(args.toArray(String[]::new));
                assertEquals(0, run.code(), args + ": " + run.err());
                assertTrue(!run.out().contains("[picocli WARN]") && !run.err().contains("[picocli WARN]"), args.toString());
                assertEquals("", traced.toString(StandardCharsets.UTF_8), args.toString());
            }
        } finally {
            System.setErr(before);
        }
        CliRun fit = CliRun.of("fit", "--help");
        assertTrue(fit.out().replaceAll("\\s+", " ").contains("value and 90 % prediction interval at POINT"), fit.out());
    }
}
