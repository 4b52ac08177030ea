package lcm.bench.fuzz;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The fuzz test (docs/reliability.md): 2,000 mutated inputs of every input format (the .lcm
 * format too: its inputs run lcm compare, whose symbolic steps once queued behind a stalled
 * one; see docs/reliability.md#symbolic-time-limits), fixed seed,
 * through the CLI entry point in-process. Each must end in exit 0, or exit 2 with a located
 * diagnostic whose line exists, within 5 s (the harness stops an overrun and counts it as a
 * failure); failing inputs are saved under target/fuzz-failures for replay
 * ({@code lcm bench fuzz 1 --formats F --from I}).
 *
 * <p>Inputs that fail today because of a defect another area is fixing are listed in
 * {@link KnownFuzzFailures}, each with its defect and the text its failure must contain (a
 * regular expression): a
 * listed input may pass (then it should leave the list), but every failing input must be listed
 * with a matching failure. The list only shrinks.
 */
class FuzzTest {

    static final long SEED = 1994;
    /** 2,000 in the normal run, every format; -Dlcm.fuzz.inputs=N for a quick look. */
    static final int INPUTS = Integer.getInteger("lcm.fuzz.inputs", 2000);

    static Stream<String> formats() {
        return FuzzFormats.all().stream().map(FuzzFormat::name);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("formats")
    void everyMutatedInputEndsInExit0OrALocatedExit2(String name) {
        FuzzFormat format = FuzzFormats.named(name);
        Fuzzer fuzzer = new Fuzzer(lcm.cli.Main::run, 5.0, Path.of("target", "fuzz-failures"));
        int inputs = INPUTS;
        Fuzzer.Report r = fuzzer.run(format, SEED, 0, inputs);
        System.out.println(r.line());
        Map<Integer, KnownFuzzFailures.Defect> known = KnownFuzzFailures.of(name);
        List<String> unexpected = new ArrayList<>();
        int fixed = 0;
        for (Fuzzer.Outcome o : r.failures()) {
            KnownFuzzFailures.Defect d = known.get(o.index());
            if (d == null || !java.util.regex.Pattern.compile(d.failure()).matcher(o.problem()).find()) {
                unexpected.add("input " + o.index() + " " + o.kinds() + ": " + o.problem()
                        + (d == null ? "" : " (listed as: " + d.name() + ")"));
            }
        }
        for (Integer i : known.keySet()) {
            if (i < inputs && r.failures().stream().noneMatch(o -> o.index() == i)) {
                fixed++;
            }
        }
        if (fixed > 0) {
            System.out.println(name + ": " + fixed + " listed inputs pass now: remove them from KnownFuzzFailures");
        }
        assertEquals(inputs, r.inputs());
        assertEquals(inputs, r.exit0() + r.exit2() + r.failures().size());
        assertTrue(unexpected.isEmpty(), unexpected.size() + " unexpected failures of " + name + " (inputs saved in "
                + "target/fuzz-failures):\n" + String.join("\n", unexpected));
    }
}
