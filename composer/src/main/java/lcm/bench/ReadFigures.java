package lcm.bench;

import lcm.expr.NumberText;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The measurement-reading figure: what {@code lcm fit -c pc -v n -x tag=cffts FILE} does (read,
 * select, fit, check stability; all but printing) on a pp file of
 * per-execution lines as lcm measure's old probe wrote them (a {@code # run:} header per run of
 * 100,000 executions of four fragments, n and p varying between runs), in a JVM of its own
 * started with a small heap, so that its peak resident memory (VmHWM, the whole process: heap,
 * code, collector) is the figure a user sees. Targets: at least 10^6 lines per second, at most
 * 256 MiB resident.
 */
public final class ReadFigures {

    /** The heap of the separate JVM, in MiB: flat memory must fit in it. */
    public static final int HEAP_MIB = 64;
    static final double LINES_PER_SECOND = 1e6;
    static final double RSS_MIB = 256;
    /** The executions per run of the default file: the old probe's long runs. */
    public static final int PER_RUN = 100_000;
    private static final String[] TAGS = {"cffts", "transpose", "initialize", "cffts", "rffts"};

    private ReadFigures() {
    }

    /**
     * The figure on a file of {@code lines} lines in runs of {@code perRun} executions: {@link #PER_RUN}, or few (200: the
     * run-heavy shape of many short runs, 2,500 runs a point at 10^7 lines, which lcm samples: docs/fitting.md).
     */
    public static List<Figure> run(long lines, int runs, int perRun) {
        try {
            Path dir = Files.createTempDirectory("lcm-bench-read");
            Path file = dir.resolve("runs.pp");
            Path tenth = dir.resolve("tenth.pp");
            try {
                write(file, lines, perRun);
                write(tenth, lines / 10, perRun);
                long tenthLive = ownJvm(tenth, 0).live;
                return List.of(figure(file, lines, runs, perRun, tenthLive));
            } finally {
                Files.deleteIfExists(file);
                Files.deleteIfExists(tenth);
                Files.deleteIfExists(dir);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Writes {@code lines} per-execution lines in runs of {@code perRun}. */
    static void write(Path file, long lines, int perRun) throws IOException {
        int[] ns = {256, 512, 1024, 2048};
        int[] ps = {1, 2, 4, 8, 16};
        java.util.Random random = new java.util.Random(7);
        try (BufferedWriter w = Files.newBufferedWriter(file, StandardCharsets.US_ASCII, java.nio.file.StandardOpenOption.CREATE,
                java.nio.file.StandardOpenOption.TRUNCATE_EXISTING)) {
            StringBuilder line = new StringBuilder(96);
            for (long i = 0; i < lines; i++) {
                long run = i / perRun;
                int n = ns[(int) (run % ns.length)];
                int p = ps[(int) (run / ns.length % ps.length)];
                if (i % perRun == 0) {
                    w.write("# lcm measure 2026-11-27T02:13:49Z: java -Dn=" + n + " Fft2dTp\n");
                    w.write("# run: p = " + p + " processors; time 1.5 s (first fragment's start to last fragment's end); "
                            + "command 2.0 s; n = " + n + "\n");
                }
                double work = 1e-9 * n * n * (1 + 0.05 * random.nextGaussian());
                line.setLength(0);
                line.append("tag=").append(TAGS[(int) (i % TAGS.length)]).append(" n=").append(n).append(" p=")
                        .append(1 + random.nextInt(p)).append(" pc=").append(String.format(Locale.ROOT, "%.6g", work))
                        .append(" li=").append(String.format(Locale.ROOT, "%.5g", work * 0.1 * p)).append(" ip=0 sl=")
                        .append(String.format(Locale.ROOT, "%.4g", 1e-6 * p)).append('\n');
                w.append(line);
            }
        }
    }

    /** What the separate JVM printed: its timed runs (wall, CPU), its peak resident size and its live heap (KiB). */
    private record OwnRuns(List<double[]> rows, long rssKb, long live) {
    }

    private static OwnRuns ownJvm(Path file, int runs) {
        List<double[]> rows = new ArrayList<>();
        long rssKb = 0;
        long live = -1;
        for (String line : OwnJvm.run(ReadFigures.class, HEAP_MIB, file.toString(), String.valueOf(runs))) {
            String[] f = line.split(" ");
            if (f[0].equals("run") && f.length == 3) {
                rows.add(new double[] {Double.parseDouble(f[1]), Double.parseDouble(f[2])});
            } else if (f[0].equals("rss") && f.length == 2) {
                rssKb = Long.parseLong(f[1]);
            } else if (f[0].equals("live") && f.length == 2) {
                live = Long.parseLong(f[1]);
            }
        }
        if (live < 0) {
            throw new IllegalStateException("the -Xmx" + HEAP_MIB + "m read run printed no live heap");
        }
        return new OwnRuns(rows, rssKb, live);
    }

    private static Figure figure(Path file, long lines, int runs, int perRun, long tenthLive) {
        OwnRuns own = ownJvm(file, runs);
        List<double[]> rows = own.rows();
        long rssKb = own.rssKb();
        if (rows.isEmpty()) {
            throw new IllegalStateException("the -Xmx" + HEAP_MIB + "m read run printed no timed run");
        }
        Sample s = new Sample(rows.stream().mapToDouble(x -> x[0]).toArray(), rows.stream().mapToDouble(x -> x[1]).toArray(), 0);
        double rss = rssKb / 1024.0;
        long bytes;
        try {
            bytes = Files.size(file);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        String shape = perRun == PER_RUN ? "" : ", runs of " + NumberText.count(perRun);
        return Figure.rate(perRun == PER_RUN ? "read.pp" : "read.pp.runs" + perRun, "lcm fit on " + NumberText.count(lines)
                        + " pp lines (own JVM, -Xmx" + HEAP_MIB + "m" + shape + ")", s, lines, "lines/s", LINES_PER_SECOND)
                .withNote("peak RSS " + NumberText.fixed(rss, 0) + " MiB (target <= " + NumberText.fixed(RSS_MIB, 0)
                        + " MiB: " + (rss <= RSS_MIB ? "met" : "NOT met") + "); " + NumberText.fixed(bytes / 1e6, 0)
                        + " MB file, " + NumberText.count(lines / perRun) + " runs of per-execution lines; live heap after "
                        + "a full collection with the data read: " + NumberText.fixed(own.live() / 1024.0, 1) + " MiB, "
                        + NumberText.fixed(tenthLive / 1024.0, 1) + " MiB at a tenth of the lines (ratio "
                        + NumberText.fixed((double) own.live() / tenthLive, 2) + ", target <= 1.10)");
    }

    /**
     * What {@code lcm fit -c pc -v n -x tag=cffts FILE} does before it prints: read the file (its
     * format chosen as the command chooses it), select, fit with the default forms.
     */
    static int fit(Path file) {
        lcm.source.SourceRegistry sources = new lcm.source.SourceRegistry();
        lcm.measure.MeasurementSet data = lcm.measure.MeasurementFormats.read(file, java.util.Optional.empty(), sources);
        lcm.fit.FitSelection selection = lcm.fit.FitSelection.resolve(data, "tag=cffts", "pc", "n", sources);
        lcm.fit.ModelFitter fitter = new lcm.fit.ModelFitter(lcm.fit.CandidateTable.defaults());
        lcm.fit.FitRequest request = selection.request(List.of(), false);
        return lcm.fit.Stability.noted(fitter, request, fitter.fit(request)).selected();
    }

    /**
     * The heap in use (KiB) after full collections while the file's measurements are held: what
     * stays of the reading, without the garbage it made on the way.
     */
    static long liveHeapKb(Path file) {
        // the bean first: made after the collections, its own objects would count as the file's
        java.lang.management.MemoryMXBean memory = ManagementFactory.getMemoryMXBean();
        memory.getHeapMemoryUsage();
        lcm.measure.MeasurementSet data = lcm.measure.MeasurementFormats.read(file, java.util.Optional.empty(),
                new lcm.source.SourceRegistry());
        // four full collections: the serial collector leaves some dead objects in place (up to 5 % of the
        // old generation, -XX:MarkSweepDeadRatio) but compacts all on every fourth (-XX:MarkSweepAlwaysCompactCount)
        for (int i = 0; i < 4; i++) {
            System.gc();
        }
        long used = memory.getHeapMemoryUsage().getUsed();
        java.lang.ref.Reference.reachabilityFence(data);
        return used / 1024;
    }

    /** The separate JVM: {@code file runs}; one warm-up, then prints {@code run wall cpu} per timed run and {@code rss KB}. */
    public static void main(String[] args) throws IOException {
        Path file = Path.of(args[0]);
        int runs = Integer.parseInt(args[1]);
        // first, in a JVM that has done nothing else: what holding the file's measurements costs
        System.out.println("live " + liveHeapKb(file));
        if (runs > 0 && fit(file) < 0) {
            System.exit(1);
        }
        var os = (com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
        for (int i = 0; i < runs; i++) {
            long cpu = os.getProcessCpuTime();
            long t = System.nanoTime();
            fit(file);
            System.out.printf(Locale.ROOT, "run %.6f %.6f%n", (System.nanoTime() - t) / 1e9, (os.getProcessCpuTime() - cpu) / 1e9);
        }
        for (String line : Files.readAllLines(Path.of("/proc/self/status"))) {
            if (line.startsWith("VmHWM:")) {
                System.out.println("rss " + line.replaceAll("[^0-9]", ""));
            }
        }
        System.out.flush();
        System.exit(0);
    }
}
