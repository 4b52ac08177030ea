package lcm.probe.calibration;

import lcm.probe.Pinning;
import lcm.probe.Toolchain;
import lcm.source.UserError;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeSet;

/**
 * What a runtime costs to start and end a parallel loop on w threads, measured at each w in
 * {@link #threadCounts} by a program pinned to w processors (the first w of {@link Pinning}) and
 * told it has w: the Java common pool ({@link JavaLoopCost} under -XX:ActiveProcessorCount=w,
 * p - 1 workers and the caller, as {@code lcm measure} runs a Java program at p = w), and OpenMP
 * (loop_cost.c built with clang -fopenmp on LLVM's libomp, OMP_NUM_THREADS=w). The costs are
 * fitted by {@link LoopCostFit}.
 */
public final class LoopCost {

    /** One w: the median loop, the median serial delay (seconds), their samples; cost = loop - serial. */
    public record Sample(int w, double loop, double serial, long reps) {
        public double cost() {
            return loop - serial;
        }
    }

    /**
     * A runtime's costs and their fit; {@code absent} says why there are none (then samples is
     * empty and fit null).
     */
    public record Result(String runtime, List<Sample> samples, LoopCostFit fit, String absent) {
        public Result {
            samples = List.copyOf(samples);
        }

        static Result absent(String runtime, String why) {
            return new Result(runtime, List.of(), null, why);
        }
    }

    /** How long each w is measured: the delay of one iteration, the warm-up and the measurement, in seconds. */
    public record Timing(double delay, double warm, double measure) {
    }

    private LoopCost() {
    }

    /** The thread counts measured on P processors: every one up to 16, else 1-8 and 8 more spaced evenly on a log scale to P. */
    public static List<Integer> threadCounts(int processors) {
        TreeSet<Integer> w = new TreeSet<>();
        for (int i = 1; i <= Math.min(processors, 16); i++) {
            w.add(i);
        }
        if (processors > 16) {
            w.removeIf(i -> i > 8);
            for (int k = 1; k <= 8; k++) {
                w.add((int) Math.round(8 * Math.pow(processors / 8.0, k / 8.0)));
            }
        }
        return List.copyOf(w);
    }

    /** The Java common pool's costs. */
    public static Result java(Pinning pinning, Timing timing) {
        String runtime = "Java ForkJoin common pool (java " + System.getProperty("java.version")
                + ", -XX:ActiveProcessorCount=w: w - 1 workers and the calling thread)";
        List<Sample> samples = new ArrayList<>();
        for (int w : threadCounts(pinning.count())) {
            List<String> cmd = new ArrayList<>(pinning.prefix(pinning.first(w)));
            cmd.addAll(ChildProcess.java(List.of("-XX:ActiveProcessorCount=" + w), JavaLoopCost.class,
                    String.valueOf(timing.delay()), String.valueOf(timing.warm()), String.valueOf(timing.measure())));
            samples.add(sample(ChildProcess.run("Java loop-cost benchmark at w = " + w, cmd, Map.of()), w));
        }
        return fitted(runtime, samples);
    }

    /** OpenMP's costs, or why there are none (no clang, no libomp, a failed build). */
    public static Result openMp(Pinning pinning, Timing timing, Path work) {
        String runtime = "OpenMP (clang -O2 -fopenmp, LLVM libomp; schedule(static), OMP_NUM_THREADS=w)";
        Optional<String> missing = missing();
        if (missing.isPresent()) {
            return Result.absent(runtime, missing.get());
        }
        Path binary = work.resolve("loop_cost");
        Optional<String> failed = build(work, binary);
        if (failed.isPresent()) {
            return Result.absent(runtime, failed.get());
        }
        List<Sample> samples = new ArrayList<>();
        for (int w : threadCounts(pinning.count())) {
            List<String> cmd = new ArrayList<>(pinning.prefix(pinning.first(w)));
            cmd.addAll(List.of(binary.toString(), String.valueOf(timing.delay()), String.valueOf(timing.warm()),
                    String.valueOf(timing.measure())));
            samples.add(sample(ChildProcess.run("OpenMP loop-cost benchmark at w = " + w, cmd,
                    Map.of("OMP_NUM_THREADS", String.valueOf(w))), w));
        }
        return fitted(runtime, samples);
    }

    /** What is missing to build the OpenMP benchmark, or empty. */
    static Optional<String> missing() {
        List<String> missing = new ArrayList<>();
        if (Toolchain.onPath("clang").isEmpty()) {
            missing.add("clang");
        }
        if (Toolchain.libomp().isEmpty()) {
            missing.add("libomp (LLVM OpenMP runtime)");
        }
        return missing.isEmpty() ? Optional.empty()
                : Optional.of("not measured: missing " + String.join(", ", missing) + "; install with: " + Toolchain.INSTALL);
    }

    private static Optional<String> build(Path work, Path binary) {
        try (InputStream in = LoopCost.class.getResourceAsStream("loop_cost.c")) {
            if (in == null) {
                throw UserError.of("the OpenMP loop-cost benchmark's source is missing from lcm's jar");
            }
            Path source = work.resolve("loop_cost.c");
            Files.write(source, in.readAllBytes());
            Process p = new ProcessBuilder("clang", "-O2", "-fopenmp", "-o", binary.toString(), source.toString())
                    .redirectErrorStream(true).start();
            String text = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
            if (p.waitFor() != 0) {
                return Optional.of("not measured: clang -O2 -fopenmp could not build the benchmark: "
                        + (text.isEmpty() ? "(no output)" : text.lines().findFirst().orElse("")));
            }
            return Optional.empty();
        } catch (IOException e) {
            return Optional.of("not measured: cannot build the benchmark in " + work + ": " + e.getMessage());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw UserError.of("interrupted while building the OpenMP loop-cost benchmark");
        }
    }

    private static Result fitted(String runtime, List<Sample> samples) {
        return new Result(runtime, samples, LoopCostFit.of(samples.stream()
                .map(s -> new LoopCostFit.Cost(s.w(), s.cost())).toList()), "");
    }

    /** The sample in the benchmark's line {@code loop-cost w=W pool=P loop=L serial=S reps=N}. */
    static Sample sample(List<String> lines, int w) {
        for (String line : lines) {
            if (!line.startsWith("loop-cost ")) {
                continue;
            }
            Map<String, String> f = new java.util.HashMap<>();
            for (String kv : line.substring("loop-cost ".length()).split("\\s+")) {
                int eq = kv.indexOf('=');
                if (eq > 0) {
                    f.put(kv.substring(0, eq), kv.substring(eq + 1));
                }
            }
            int got = Integer.parseInt(f.get("w"));
            if (got != w) {
                throw UserError.of("the loop-cost benchmark ran " + got + " threads where " + w + " were asked");
            }
            return new Sample(w, Double.parseDouble(f.get("loop")), Double.parseDouble(f.get("serial")),
                    Long.parseLong(f.get("reps")));
        }
        throw UserError.of("the loop-cost benchmark at w = " + w + " printed no result: " + String.join(" | ", lines));
    }
}
