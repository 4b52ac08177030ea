package lcm.cli;

import lcm.compose.ComposeOptions;
import lcm.compose.ComposedModel;
import lcm.compose.MachineReader;
import lcm.compose.ProgramComposer;
import lcm.dag.Dag;
import lcm.report.ComposeReport;
import lcm.report.DagColumns;
import lcm.source.Diagnostics;
import picocli.CommandLine.Command;
import picocli.CommandLine.ParentCommand;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;

/** {@code lcm demo}: the 2D FFT walk-through on the bundled fixtures. */
@Command(name = "demo", mixinStandardHelpOptions = true,
        description = "The 2D FFT walk-through on the bundled fixtures: the task parallel and data parallel "
                + "structures side by side, and their composed models.")
public final class DemoCommand implements Callable<Integer> {

    @ParentCommand
    private LcmCommand root;

    @Override
    public Integer call() {
        Path tp = Home.fixture("fft2d/tp.f");
        Path dp = Home.fixture("fft2d/dp.f");
        ProgramComposer composer = new ProgramComposer(root.sources());
        Dag tpDag = composer.dag(List.of(tp), new Diagnostics());
        Dag dpDag = composer.dag(List.of(dp), new Diagnostics());
        root.out().println("2D FFT, task parallel (tp.f, thesis Fig. 6.3) and data parallel (dp.f, Fig. 6.8)");
        root.out().println();
        root.out().print(DagColumns.sideBySide("tp.f", tpDag, "dp.f", dpDag));

        ComposeOptions options = ComposeOptions.defaults()
                .withMachine(MachineReader.read(Home.fixture("machines/ksr1.machine"), root.sources()));
        Map<String, Double> point = new LinkedHashMap<>();
        point.put("n", 1024.0);
        point.put("p", 26.0);
        point.put("itors", 16.0);
        for (Path file : List.of(tp, dp)) {
            ComposedModel m = composer.compose(List.of(file), options, new Diagnostics());
            ComposeReport r = new ComposeReport(m, Optional.of(point));
            root.out().println();
            root.out().println("== composed model of " + file.getFileName()
                    + (file.equals(dp) ? " (models measured in tp.f)" : "") + ", KSR1 machine ==");
            root.out().print(r.text(false));
        }
        return ExitCode.OK;
    }
}
