package lcm.bench;

import lcm.expr.NumberText;
import lcm.compose.ComposedModel;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The compose target as it reads: 10^5 leaves in at most 10 s <em>within a 512 MiB heap</em>.
 * A heap figure taken in a JVM with a larger heap cannot show that (a collector with room to
 * spare collects less, and a smaller heap costs time in collections), so the run is repeated in
 * a JVM of its own started with {@code -Xmx512m}: warmed on 10^4 leaves, then the timed runs of
 * 10^5, each line of its output one run.
 */
public final class BoundedHeapCompose {

    /** The heap of the separate JVM, in MiB. */
    public static final int HEAP_MIB = 512;

    private BoundedHeapCompose() {
    }

    /** The figure of {@code runs} compositions of 10^5 leaves in a JVM started with -Xmx512m. */
    static Figure figure(Path machineFile, int runs) {
        List<double[]> rows = new ArrayList<>();
        String transfers = "";
        for (String line : OwnJvm.run(BoundedHeapCompose.class, HEAP_MIB, machineFile.toString(), String.valueOf(runs))) {
            String[] f = line.split(" ");
            if (f[0].equals("run") && f.length == 5) {
                rows.add(new double[] {Double.parseDouble(f[1]), Double.parseDouble(f[2]),
                        Double.parseDouble(f[3]), Double.parseDouble(f[4])});
            } else if (f[0].equals("transfers") && f.length == 2) {
                transfers = f[1];
            }
        }
        if (rows.isEmpty()) {
            throw new IllegalStateException("the -Xmx" + HEAP_MIB + "m compose run printed no timed run");
        }
        double[] wall = rows.stream().mapToDouble(x -> x[0]).toArray();
        double[] cpu = rows.stream().mapToDouble(x -> x[1]).toArray();
        long peak = (long) rows.stream().mapToDouble(x -> x[2]).max().orElse(0);
        long live = (long) rows.stream().mapToDouble(x -> x[3]).max().orElse(0);
        Sample s = new Sample(wall, cpu, peak, live);
        return Figure.seconds("compose.100000.heap" + HEAP_MIB, "compose 100,000 leaves in a " + HEAP_MIB + " MiB heap (own JVM)", s, ComposeBenchmark.TARGET_SECONDS)
                .withNote(String.format(Locale.ROOT, "the heap target: a JVM started with -Xmx%dm (warmed on 10,000 "
                        + "leaves) composes 10^5 leaves, %s transfers found; target <= 10 s in that heap", HEAP_MIB,
                        transfers));
    }

    /** The separate JVM: {@code machine-file runs}; prints {@code run wall cpu peak live} per timed run. */
    public static void main(String[] args) throws IOException {
        Path machine = Path.of(args[0]);
        int runs = Integer.parseInt(args[1]);
        Path dir = Files.createTempDirectory("lcm-bench");
        try {
            Path small = dir.resolve("generated10000.f");
            String smallText = GeneratedProgram.write(10_000, 10, 42);
            Files.writeString(small, smallText);
            Measure.runs(1, 1, () -> ComposeBenchmark.composeOnce(small, smallText, machine));
            Files.delete(small);
            Path large = dir.resolve("generated100000.f");
            String largeText = GeneratedProgram.write(100_000, 10, 42);
            Files.writeString(large, largeText);
            Sample s = Measure.runs(0, runs, () -> ComposeBenchmark.composeOnce(large, largeText, machine));
            Files.delete(large);
            for (int i = 0; i < s.runs(); i++) {
                System.out.printf(Locale.ROOT, "run %.6f %.6f %d %d%n", s.wall()[i], s.cpu()[i], s.peakBytes(),
                        s.liveBytes());
            }
            System.out.println("transfers " + ((ComposedModel) Measure.lastResult()).transfers().size());
        } finally {
            Files.deleteIfExists(dir);
        }
        System.out.flush();
        System.exit(0); // nothing of lcm's starts threads here, but a bench child never lingers
    }
}
