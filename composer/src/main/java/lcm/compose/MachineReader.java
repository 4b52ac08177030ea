package lcm.compose;

import lcm.machine.MachineDescription;
import lcm.machine.MachineDescriptionReader;
import lcm.machine.MachineKey;
import lcm.source.SourceRegistry;

import java.nio.file.Path;

/**
 * The machine for data transfers, from the one machine description (lcm.machine): compose
 * needs {@code latency} (seconds per transfer), {@code bandwidth} (bytes per second) and
 * {@code rc} (seconds, in {@code readers} and {@code bytes}); other keys are for other commands.
 */
public final class MachineReader {

    private MachineReader() {
    }

    public static Machine read(Path file, SourceRegistry sources) {
        MachineDescription d = MachineDescriptionReader.read(file, sources)
                .require("lcm compose", MachineKey.LATENCY, MachineKey.BANDWIDTH, MachineKey.RC);
        return new Machine(file, d.expr(MachineKey.LATENCY), d.expr(MachineKey.BANDWIDTH), d.expr(MachineKey.RC));
    }
}
