package lcm.probe.calibration;

import lcm.expr.NumberText;
import lcm.probe.Pinning;
import lcm.source.UserError;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.OptionalDouble;

/**
 * Runs the {@link Triad} kernel in a JVM of its own pinned to given processors, one thread per
 * processor, with a heap that holds its arrays: timed ({@link #bandwidth}) or as a co-runner that
 * runs until it is stopped ({@link #coRunner}).
 */
public final class TriadRun {

    private TriadRun() {
    }

    /** The triad's bytes per second on {@code cpus} (one thread each) over {@code seconds}. */
    public static double bandwidth(Pinning pinning, List<Integer> cpus, int elements, double seconds) {
        List<String> lines = ChildProcess.run("triad on processors " + Pinning.text(cpus),
                command(pinning, cpus, elements, seconds), Map.of());
        return read(lines, "triad on processors " + Pinning.text(cpus));
    }

    /**
     * Starts the co-runner on {@code cpus} and returns once its arrays are warm and it is
     * sweeping; {@link CoRunner#stop()} ends it.
     */
    public static CoRunner coRunner(Pinning pinning, List<Integer> cpus, int elements) {
        if (cpus.isEmpty()) {
            throw UserError.of("no processor is left for the co-runner");
        }
        ChildProcess child = ChildProcess.start("co-runner on processors " + Pinning.text(cpus),
                command(pinning, cpus, elements, 0), Map.of());
        try {
            child.await("triad ready");
        } catch (RuntimeException e) {
            child.kill();
            throw e;
        }
        return new CoRunner(child, List.copyOf(cpus), elements);
    }

    /** A co-runner sweeping its arrays until it is stopped. */
    public static final class CoRunner {
        private final ChildProcess child;
        private final List<Integer> cpus;
        private final int elements;

        private CoRunner(ChildProcess child, List<Integer> cpus, int elements) {
            this.child = child;
            this.cpus = cpus;
            this.elements = elements;
        }

        public List<Integer> cpus() {
            return cpus;
        }

        public int elements() {
            return elements;
        }

        /** Stops it; the bytes per second it moved from when it was ready to now. */
        public double stop() {
            return read(child.end(), "co-runner");
        }

        /** Ends it at once, after a failure of what ran beside it. */
        public void kill() {
            child.kill();
        }
    }

    /** Bytes per second to 7 digits, from 10^9 on with an exponent ({@code 7.251503e9}, {@code 1.091318e10}). */
    public static String rate(double bytesPerSecond) {
        if (!(bytesPerSecond >= 1e9) || Double.isInfinite(bytesPerSecond)) {
            return NumberText.plain(bytesPerSecond);
        }
        int e = (int) Math.floor(Math.log10(bytesPerSecond));
        String mantissa = NumberText.plain(bytesPerSecond / Math.pow(10, e));
        if (mantissa.startsWith("10")) {
            e++;
            mantissa = NumberText.plain(bytesPerSecond / Math.pow(10, e));
        }
        return mantissa + "e" + e;
    }

    /** The heap a triad of {@code threads} x 3 arrays of {@code elements} doubles needs, in MiB. */
    static long heapMiB(int threads, int elements) {
        return 64 + (long) threads * 24L * elements / (1024 * 1024);
    }

    private static List<String> command(Pinning pinning, List<Integer> cpus, int elements, double seconds) {
        List<String> cmd = new ArrayList<>(pinning.prefix(cpus));
        cmd.addAll(ChildProcess.java(List.of("-Xmx" + heapMiB(cpus.size(), elements) + "m", "-XX:+UseSerialGC",
                        "-XX:ActiveProcessorCount=" + cpus.size()), Triad.class,
                String.valueOf(cpus.size()), String.valueOf(elements), String.valueOf(seconds)));
        return cmd;
    }

    private static double read(List<String> lines, String name) {
        for (String line : lines) {
            OptionalDouble b = Triad.bandwidth(line);
            if (b.isPresent()) {
                return b.getAsDouble();
            }
        }
        throw UserError.of("the " + name + " printed no bandwidth: " + String.join(" | ", lines));
    }
}
