package lcm.cli;

import lcm.TestRepo;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;
import picocli.CommandLine.Model.OptionSpec;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Options that several commands share have one declaration, one check and one message. */
class SharedOptionsTest {

    private static String fixture(String f) {
        return TestRepo.file(f).toString();
    }

    @Test
    void realBytesIsCheckedTheSameInComposeCompareAndValidate() {
        CliRun compose = CliRun.of("compose", fixture("fixtures/compose/nested_loops.f"), "--real-bytes", "5");
        CliRun compare = CliRun.of("compare", fixture("fixtures/compose/nested_loops.f"),
                fixture("fixtures/compose/nested_loops.f"), "--real-bytes", "5");
        CliRun validate = CliRun.of("validate", fixture("fixtures/compose/nested_loops.f"), "--measured",
                fixture("fixtures/fft2d/measured/java_dp.pp"), "--real-bytes", "5");
        for (CliRun r : List.of(compose, compare, validate)) {
            assertEquals(2, r.code());
            assertEquals("lcm: --real-bytes must be 4 or 8, not 5\n", r.err());
        }
    }

    /** The options of one idea, declared once (a mixin), in every command that has the idea. */
    @Test
    void everyCommandThatReadsSourcesOrComposesHasTheSameOptions() {
        CommandLine lcm = Cli.create(System.out, System.err);
        for (String c : List.of("dag", "compose", "compare", "annotate", "validate", "measure")) {
            for (String o : List.of("-D", "--line-length", "--form", "--no-openmp")) {
                assertTrue(lcm.getSubcommands().get(c).getCommandSpec().findOption(o) != null, c + " " + o);
            }
        }
        for (String c : List.of("compose", "compare", "validate")) {
            for (String o : List.of("--machine", "--real-bytes")) {
                OptionSpec option = lcm.getSubcommands().get(c).getCommandSpec().findOption(o);
                assertEquals(lcm.getSubcommands().get("compose").getCommandSpec().findOption(o).description()[0],
                        option.description()[0], c + " " + o);
            }
        }
    }

    @Test
    void eachCommandAcceptsItsOwnFormatsAndListsThemForAnyOther() {
        CliRun dag = CliRun.of("dag", fixture("fixtures/fft2d/tp.f"), "--format", "latex");
        assertEquals(2, dag.code());
        assertTrue(dag.err().startsWith("lcm: Invalid value for option '--format': expected one of [text, json] "
                + "(case-insensitive) but was 'latex'\n"), dag.err());
        CliRun compare = CliRun.of("compare", "a.lcm", "b.lcm", "--format", "yaml");
        assertTrue(compare.err().startsWith("lcm: Invalid value for option '--format': expected one of "
                + "[text, markdown, csv, json, latex] (case-insensitive) but was 'yaml'\n"), compare.err());
        CliRun json = CliRun.of("dag", fixture("fixtures/fft2d/tp.f"), "--format", "JSON");
        assertEquals(0, json.code(), json.err());
        assertTrue(json.out().startsWith("{"), json.out());
    }

    @Test
    void timeLimitsAreNumbersOfSecondsFromZeroToADay() {
        for (String bad : new String[] {"1e400", "NaN", "-1", "Infinity", "two"}) {
            CliRun r = CliRun.of("compose", fixture("fixtures/compose/nested_loops.f"), "--symbolic-seconds", bad);
            assertEquals(2, r.code(), bad);
            assertTrue(r.err().startsWith("lcm: Invalid value for option '--symbolic-seconds': '" + bad + "' is not a number of seconds"),
                    r.err());
        }
        CliRun zero = CliRun.of("compare", fixture("fixtures/compose/nested_loops.f"),
                fixture("fixtures/compose/nested_loops.f"), "--symbolic-seconds", "0");
        assertEquals(2, zero.code());
        assertTrue(zero.err().contains("--symbolic-seconds must be above 0, not 0"), zero.err());
    }
}
