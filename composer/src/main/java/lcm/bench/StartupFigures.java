package lcm.bench;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The start-up figures: whole processes, as a user starts them, through the {@code lcm}
 * launcher of the repository (its class-data-sharing archive included): {@code dag} and
 * {@code compose} of the 2D FFT, {@code compare} of two small models, {@code demo}. The anchor
 * is a bare {@code java -version}, run in turn with each command (A B A B ...), so the ratio
 * holds when the machine's speed drifts. CPU time comes from {@code /usr/bin/time} where it
 * exists (else n/a).
 */
public final class StartupFigures {

    private record Command(String key, String label, double limit, List<String> args) {
    }

    private StartupFigures() {
    }

    public static List<Figure> run(Path root, int runs, boolean demo) {
        Path launcher = root.resolve("lcm");
        if (!Files.isExecutable(launcher)) {
            throw new IllegalStateException("no lcm launcher at " + launcher + ": start-up is timed through it");
        }
        String lcm = launcher.toString();
        List<Command> commands = new ArrayList<>(List.of(
                new Command("startup.dag", "lcm dag fixtures/fft2d/tp.f", 0.3,
                        List.of(lcm, "dag", "fixtures/fft2d/tp.f")),
                new Command("startup.compose", "lcm compose fixtures/fft2d/tp.f", 0.3,
                        List.of(lcm, "compose", "fixtures/fft2d/tp.f")),
                new Command("startup.compare", "lcm compare a.lcm b.lcm (fixtures/compare)", 1.0,
                        List.of(lcm, "compare", "fixtures/compare/a.lcm", "fixtures/compare/b.lcm"))));
        if (demo) {
            commands.add(new Command("startup.demo", "lcm demo", 5.0, List.of(lcm, "demo")));
        }
        List<Figure> out = new ArrayList<>();
        List<Run> anchors = new ArrayList<>();
        List<String> java = List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-version");
        // one untimed run each: the launcher may build the jar and record its archive
        for (Command c : commands) {
            exec(root, c.args());
        }
        exec(root, java);
        for (Command c : commands) {
            List<Run> mine = new ArrayList<>();
            List<Run> theirs = new ArrayList<>();
            for (int i = 0; i < runs; i++) {
                mine.add(exec(root, c.args()));
                theirs.add(exec(root, java));
            }
            anchors.addAll(theirs);
            Sample s = sample(mine);
            Sample a = sample(theirs);
            Figure f = Figure.wallSeconds(c.key(), c.label(), s, c.limit())
                    .withAnchor("a bare java -version", s.wallMedian() / a.wallMedian());
            int failed = (int) mine.stream().filter(r -> r.exit != 0).count();
            out.add(failed == 0 ? f : f.withNote(failed + " of " + runs + " runs failed (exit "
                    + mine.stream().filter(r -> r.exit != 0).findFirst().orElseThrow().exit + ")"));
        }
        out.add(Figure.seconds("startup.java", "  anchor: java -version", sample(anchors), Double.NaN));
        return out;
    }

    private record Run(double wall, double cpu, long maxRssKb, int exit) {
    }

    private static Sample sample(List<Run> runs) {
        double[] wall = runs.stream().mapToDouble(Run::wall).toArray();
        double[] cpu = runs.stream().mapToDouble(Run::cpu).toArray();
        return new Sample(wall, cpu, 0);
    }

    /** Runs a process with its output thrown away; wall from here, CPU from /usr/bin/time if present. */
    private static Run exec(Path dir, List<String> args) {
        try {
            Path times = Files.createTempFile("lcm-bench-time", ".txt");
            List<String> cmd = new ArrayList<>();
            boolean timed = Files.isExecutable(Path.of("/usr/bin/time"));
            if (timed) {
                cmd.addAll(List.of("/usr/bin/time", "-o", times.toString(), "-f", "%U %S %M"));
            }
            cmd.addAll(args);
            ProcessBuilder pb = new ProcessBuilder(cmd).directory(dir.toFile())
                    .redirectOutput(ProcessBuilder.Redirect.to(new File("/dev/null")))
                    .redirectError(ProcessBuilder.Redirect.to(new File("/dev/null")));
            long t0 = System.nanoTime();
            Process p = pb.start();
            int exit = p.waitFor();
            double wall = (System.nanoTime() - t0) / 1e9;
            double cpu = Double.NaN;
            long rss = 0;
            if (timed) {
                String[] f = Files.readString(times).trim().split("\\s+");
                try {
                    String[] last = f.length >= 3 ? new String[] {f[f.length - 3], f[f.length - 2], f[f.length - 1]} : f;
                    cpu = Double.parseDouble(last[0]) + Double.parseDouble(last[1]);
                    rss = Long.parseLong(last[2]);
                } catch (RuntimeException unreadable) {
                    cpu = Double.NaN;
                }
            }
            Files.deleteIfExists(times);
            return new Run(wall, cpu, rss, exit);
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted", e);
        }
    }

}
