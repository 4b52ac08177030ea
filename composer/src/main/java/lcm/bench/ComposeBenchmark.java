package lcm.bench;

import lcm.expr.NumberText;
import lcm.machine.MachineDescriptionReader;
import lcm.compose.ComposeOptions;
import lcm.compose.ComposedModel;
import lcm.compose.Composer;
import lcm.frontend.ProgramReader;
import lcm.source.SourceRegistry;
import lcm.source.SourceText;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The compose figures: generated programs (sections, loops, calls to shared subroutines, data
 * annotations) of 10^3, 10^4 and 10^5 leaves composed with a machine file, so that the call,
 * data-trace and transfer rules all run; parse, DAG and composition are timed, printing is not.
 * The log-log slope between sizes says whether the work grows linearly.
 */
public final class ComposeBenchmark {

    /** The seconds a composition of 10^5 leaves may take. */
    public static final double TARGET_SECONDS = 10;
    /** The slope from 10^4 to 10^5 leaves that still counts as linear. */
    public static final double TARGET_SLOPE = 1.05;
    /** The heap a composition of 10^5 leaves must run in (checked in a JVM of that max heap). */
    public static final long TARGET_HEAP_BYTES = 512L * 1048576;

    private ComposeBenchmark() {
    }

    /** Compose figures for each size, and the slope between consecutive sizes in the last one's note. */
    public static List<Figure> run(Path machineFile, int[] sizes, int runs) {
        List<Figure> out = new ArrayList<>();
        Path dir;
        try {
            dir = Files.createTempDirectory("lcm-bench");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        try {
            double previousSeconds = Double.NaN;
            int previousSize = 0;
            for (int size : sizes) {
                Path file = dir.resolve("generated" + size + ".f");
                String text = GeneratedProgram.write(size, 10, 42);
                Files.writeString(file, text);
                // the smaller sizes warm the JIT up for the larger ones; no run's model is kept while
                // the next one composes (Measure drops it), so that the heap holds one composition,
                // as a user's lcm compose does
                Sample s = Measure.runs(size >= 100_000 ? 0 : 1, runs, () -> composeOnce(file, text, machineFile));
                ComposedModel last = (ComposedModel) Measure.lastResult();
                long lines = text.lines().count();
                double limit = size == 100_000 ? TARGET_SECONDS : Double.NaN;
                lcm.bench.Figure f = lcm.bench.Figure.seconds("compose." + size, "compose " + NumberText.count(size)
                        + " leaves (" + NumberText.count(lines) + " lines, machine file)", s, limit);
                String note = NumberText.count(last.transfers().size()) + " transfers found, "
                        + GeneratedProgram.subroutines(size) + " shared subroutines, T_P " + NumberText.count(nodes(last))
                        + " nodes";
                if (previousSize > 0) {
                    double slope = Math.log(s.wallMedian() / previousSeconds) / Math.log((double) size / previousSize);
                    double cpuSlope = Math.log(s.cpuMedian() / previousCpu(out)) / Math.log((double) size / previousSize);
                    // checked on CPU time like every target (a loaded machine stretches wall time unevenly)
                    double checked = Double.isNaN(cpuSlope) ? slope : cpuSlope;
                    note += "; log-log slope from " + NumberText.count(previousSize) + ": " + NumberText.fixed(slope, 3)
                            + " wall, " + NumberText.fixed(cpuSlope, 3) + " cpu"
                            + (size == 100_000 ? (checked <= TARGET_SLOPE ? " (target <= 1.05: met on "
                                    : " (target <= 1.05: NOT met on ") + (Double.isNaN(cpuSlope) ? "wall)" : "cpu)") : "");
                }
                boolean ownHeapBounded = Runtime.getRuntime().maxMemory() <= TARGET_HEAP_BYTES;
                if (size == 100_000) {
                    note += ownHeapBounded
                            ? "; this JVM's max heap is " + Runtime.getRuntime().maxMemory() / 1048576 + " MiB: the time above is "
                                    + "the heap target's (<= 10 s within 512 MiB)"
                            : "; the heap target (<= 10 s within 512 MiB) is the next figure's";
                }
                out.add(f.withNote(note));
                if (size == 100_000 && !ownHeapBounded) {
                    out.add(BoundedHeapCompose.figure(machineFile, runs));
                }
                previousSeconds = s.wallMedian();
                previousSize = size;
                Files.deleteIfExists(file);
            }
            Files.deleteIfExists(dir);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out;
    }

    private static double previousCpu(List<Figure> out) {
        return out.get(out.size() - 1).sample().cpuMedian();
    }

    /** The number of distinct node objects of the model's expression (a shared subtree counts once). */
    private static long nodes(ComposedModel m) {
        return lcm.bench.ExprSize.nodes(m.time());
    }

    /** Parses, builds the DAG and composes {@code file} with the machine. */
    public static ComposedModel composeOnce(Path file, String text, Path machineFile) {
        SourceRegistry sources = new SourceRegistry();
        sources.register(SourceText.of(file, text));
        ComposeOptions options = ComposeOptions.defaults().withoutSimplification().withoutRules();
        if (machineFile != null) {
            options = options.withMachine(MachineDescriptionReader.read(machineFile, sources));
        }
        return new Composer(options).compose(new ProgramReader(sources).read(List.of(file)).orThrow());
    }
}
