package lcm.cli;

import lcm.machine.CalibratedMachine;
import lcm.probe.calibration.Calibration;
import lcm.source.AtomicOutput;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;

/** {@code lcm machine calibrate [--out FILE] [--quick]}: a machine file for this machine (docs/measure.md). */
@Command(name = "machine", mixinStandardHelpOptions = true,
        description = "Machine descriptions (.machine files). See docs/measure.md, \"Calibrating a machine\".",
        subcommands = MachineCommand.Calibrate.class)
public final class MachineCommand extends CommandGroup {

    /** {@code lcm machine calibrate}. */
    @Command(name = "calibrate", mixinStandardHelpOptions = true,
            description = {"Measure this machine and write a .machine file: its processors, caches (sysfs), the memory "
                    + "bandwidth of a triad on 1..P busy processors, what the Java common pool and OpenMP cost to start "
                    + "and end a parallel loop on w threads (fitted to a*(w-1) + b*(w-1)^2), and the pressure of the "
                    + "co-runner of lcm measure --co-runner. Each benchmark runs in a program of its own, pinned with "
                    + "taskset. About 15 s on 2 processors (--quick: about 5 s); measure on a quiet machine."})
    static final class Calibrate implements Callable<Integer> {

        @ParentCommand
        private MachineCommand machine;

        @Option(names = "--out", paramLabel = "FILE", description = "Write the machine file here (atomically); "
                + "without it, to standard output.")
        private Path out;

        @Option(names = "--quick", description = "0.1 s per measurement instead of 1 s: a rough file in a few seconds "
                + "(tests, a first look).")
        private boolean quick;

        @Override
        public Integer call() {
            LcmCommand root = machine.root;
            Calibration.Result r = Calibration.run(quick, step -> root.err().println("lcm machine calibrate: " + step));
            String text = CalibratedMachine.text(r);
            if (out == null) {
                root.out().print(text);
            } else {
                AtomicOutput.file(out, tmp -> Files.writeString(tmp, text, StandardCharsets.UTF_8));
                root.err().println("lcm machine calibrate: wrote " + out);
            }
            return ExitCode.OK;
        }
    }
}
