package lcm.cli;

import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The training run of the launcher's class-data-sharing archive: runs every kind of command
 * once in one JVM (dag, compose with a machine, compare, fit, critical-path, each format), so
 * that the archive recorded at its exit holds the classes each of them loads (Symja's
 * included) and every later start maps them instead of loading them. Outputs are thrown
 * away; a failing command only leaves its classes out. Each run goes through {@link Main#run},
 * the path of a real start. The launcher ({@code ./lcm}) lists the classes loaded here with
 * {@code -XX:DumpLoadedClassList} and dumps a static archive from that list (docs/bench.md#start-up).
 * {@code java -cp lcm.jar lcm.cli.CdsTraining ROOT [SCRATCH]}: with a scratch folder (which the
 * caller deletes) the demo runs too, and its plotting and report classes join the archive.
 */
public final class CdsTraining {

    private CdsTraining() {
    }

    public static void main(String[] args) {
        Path root = Path.of(args.length > 0 ? args[0] : ".");
        String f = root.resolve("fixtures").toString() + "/";
        List<String[]> runs = new ArrayList<>(List.of(
                new String[] {"--help"}, // builds every command's options
                new String[] {"dag", f + "fft2d/tp.f"},
                new String[] {"dag", f + "fft2d/Fft2dTp.java"},
                new String[] {"dag", f + "fft2d/tp_omp.f90"},
                new String[] {"compose", f + "fft2d/tp.f"},
                new String[] {"compose", "--machine", f + "machines/ksr1.machine", "--format", "json", f + "fft2d/dp.f"},
                new String[] {"compare", f + "compare/a.lcm", f + "compare/b.lcm"},
                new String[] {"compare", "--machine", f + "machines/ksr1.machine", f + "fft2d/tp.f", f + "fft2d/dp.f"},
                new String[] {"fit", "-c", "li", "-v", "p", "-f", f + "fft2d/tp_synthetic.pp", "-x", "tag=cffts,n=256"},
                new String[] {"critical-path", f + "traces/pipeline.sync"},
                new String[] {"critical-path", "--from", f + "traces/fig5-base.machine", "--to",
                    f + "traces/fig5-target.machine", f + "traces/mendes-fig5.mpt"},
                new String[] {"compose", f + "no-such-file.f"}));
        if (args.length > 1) { // a scratch folder: the demo writes its walk-through and report there
            runs.add(new String[] {"demo", "--out", Path.of(args[1]).resolve("demo").toString()});
        }
        PrintStream nowhere = new PrintStream(OutputStream.nullOutputStream(), false, StandardCharsets.UTF_8);
        for (String[] a : runs) {
            try {
                Main.run(a, nowhere, nowhere);
            } catch (RuntimeException | Error ignored) {
                // a command that fails here only leaves its classes out of the archive
            }
        }
        System.exit(0);
    }
}
