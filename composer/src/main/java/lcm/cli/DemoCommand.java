package lcm.cli;

import lcm.demo.Fft2dDemo;
import lcm.source.UserError;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;

/** {@code lcm demo}: the 2D FFT story of Crovella's thesis from lcm's composed models (lcm.demo; docs/guide.md). */
@Command(name = "demo", mixinStandardHelpOptions = true,
        description = "The 2D FFT story of Crovella's thesis from lcm's composed models: task parallel against data "
                + "parallel on the KSR1 (set against the thesis' Table 5.3), then the same method on real runs of "
                + "the Java versions on 16 processors: fit the task parallel runs at p <= 4, predict the data parallel "
                + "program at 8 and 16 processors with 90 %% intervals against its measured runs, and write a report "
                + "folder with a plot.")
public final class DemoCommand implements Callable<Integer> {

    @ParentCommand
    private LcmCommand root;

    @Option(names = "--out", paramLabel = "DIR",
            description = "Folder for the walk-through (default: a fresh temporary folder).")
    private Path out;

    @Override
    public Integer call() throws Exception {
        Path dir = folder();
        new Fft2dDemo(root.sources(), Home.fixtures(), new Bars(root.err(), Progress.terminal()))
                .run(dir, root.out());
        return ExitCode.OK;
    }

    private Path folder() throws IOException {
        if (out == null) {
            return Files.createTempDirectory("lcm-demo-");
        }
        if (Files.exists(out)) {
            try (var entries = Files.list(out)) {
                if (entries.findAny().isPresent()) {
                    throw UserError.of("--out " + out + ": the folder is not empty");
                }
            }
        }
        return Files.createDirectories(out);
    }

    /** The demo's longer steps under a progress bar on stderr. */
    private record Bars(PrintStream err, boolean terminal) implements Fft2dDemo.Steps {
        @Override
        public <T> T step(String label, Callable<T> work) throws Exception {
            return Progress.step(err, terminal, label, work);
        }
    }
}
