package lcm.cli;

import org.junit.jupiter.api.Test;
import picocli.CommandLine;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A run builds only the subcommand it names; help, version and typos still see every command. */
class CliDispatchTest {

    private static final PrintStream NOWHERE = new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8);

    private static Set<String> built(String... args) {
        return Cli.create(NOWHERE, NOWHERE, args).getSubcommands().keySet();
    }

    @Test
    void aRunBuildsOnlyItsCommand() {
        assertEquals(Set.of("dag"), built("dag", "tp.f"));
        assertEquals(Set.of("compose"), built("--debug", "compose", "--machine", "m.machine", "tp.f"));
        assertEquals(Set.of("bench"), built("bench", "fuzz", "10")); // fuzz is bench's own subcommand
        assertEquals(Set.of("fuzz"), Cli.create(NOWHERE, NOWHERE, new String[] {"bench", "fuzz"})
                .getSubcommands().get("bench").getSubcommands().keySet());
        assertEquals(Set.of("campaign"), built("campaign", "status", "x.json"));
        assertEquals(Set.of("run", "status", "collect", "cancel"), Cli.create(NOWHERE, NOWHERE,
                new String[] {"campaign", "run", "x.json"}).getSubcommands().get("campaign").getSubcommands().keySet());
        assertEquals(Set.of("machine"), built("machine", "calibrate", "--quick"));
    }

    @Test
    void withoutANamedCommandEveryCommandIsBuilt() {
        int all = LcmCommand.COMMANDS.size(); // 17 commands
        assertEquals(17, all);
        assertEquals(all, built().size());
        assertEquals(all, built("--help").size());
        assertEquals(all, built("--version").size());
        assertEquals(all, built("dga", "tp.f").size()); // a typo: picocli suggests from every name
        assertEquals(all, built("--", "dag").size());
        assertEquals(Cli.create(NOWHERE, NOWHERE).getSubcommands().keySet(), built("--help"));
    }

    @Test
    void namesComeFromTheCommandsAnnotations() {
        for (Class<?> c : LcmCommand.COMMANDS) {
            String name = c.getAnnotation(CommandLine.Command.class).name();
            assertEquals(c, Cli.named(new String[] {name}));
        }
        assertNull(Cli.named(new String[] {"tp.f"}));
        assertNull(Cli.named(new String[] {"--debug"}));
    }

    @Test
    void helpListsEveryCommandAndACommandsHelpIsItsOwn() {
        CliRun all = CliRun.of("--help");
        assertEquals(0, all.code());
        for (String name : Set.of("dag", "fit", "annotate", "compose", "compare", "critical-path", "profile",
                "phases", "skeleton", "bench", "demo", "measure", "machine", "validate", "plan", "campaign", "explore")) {
            assertTrue(all.out().contains("\n  " + name + " "), name + " missing from:\n" + all.out());
        }
        CliRun none = CliRun.of();
        assertEquals(all.out(), none.out()); // `lcm` alone prints the same usage
        CliRun dag = CliRun.of("dag", "--help");
        assertEquals(0, dag.code());
        assertTrue(dag.out().startsWith("Usage: lcm dag "), dag.out());
    }

    @Test
    void aTypoIsAnErrorOfTheRootCommand() {
        CliRun typo = CliRun.of("dga", "tp.f");
        assertEquals(2, typo.code());
        assertEquals("lcm: Unmatched arguments from index 0: 'dga', 'tp.f'\n"
                + "Try 'lcm --help' for more information.\n", typo.err().replace("\r\n", "\n"));
    }
}
