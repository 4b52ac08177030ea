package lcm.cli;

import lcm.machine.MachineDescriptionReader;
import lcm.compose.ComposeOptions;
import lcm.source.SourceRegistry;
import lcm.source.UserError;
import picocli.CommandLine.Option;

import java.nio.file.Path;
import java.time.Duration;
import java.util.Optional;

/**
 * The options of every command that composes sources ({@code compose}, {@code compare}): the
 * machine file and the bytes of a default REAL, with one check and one meaning.
 */
final class CompositionOptions {

    @Option(names = "--machine", paramLabel = "M",
            description = "Machine file (latency, bandwidth, rc) for the data transfers of composed sources.")
    private Path machine;

    @Option(names = "--real-bytes", defaultValue = "4", paramLabel = "B",
            description = "Bytes of a default REAL (like a compiler's -r8: 8).")
    private int realBytes;

    /** What composition needs, with Symja's time limit and whether to simplify. */
    ComposeOptions options(Duration symbolicLimit, boolean simplify, SourceRegistry sources) {
        if (realBytes != 4 && realBytes != 8) {
            throw UserError.of("--real-bytes must be 4 or 8, not " + realBytes);
        }
        ComposeOptions options = new ComposeOptions(Optional.empty(), realBytes, symbolicLimit, simplify);
        return machine == null ? options : options.withMachine(MachineDescriptionReader.read(machine, sources));
    }
}
