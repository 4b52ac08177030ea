package lcm.cli;

import lcm.TestRepo;
import lcm.expr.Evaluator;
import lcm.machine.MachineDescription;
import lcm.machine.MachineDescriptionReader;
import lcm.machine.MachineKey;
import lcm.probe.Toolchain;
import lcm.probe.calibration.Caches;
import lcm.source.SourceRegistry;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** lcm machine calibrate --quick end to end: the file it writes, read back, and what its numbers say. */
class MachineCalibrateTest {

    private static final Pattern COST = Pattern.compile("^#   w = (\\d+): cost (\\S+) s .*");
    private static final Pattern FIT = Pattern.compile("^# fit .*: a = (\\S+), b = (\\S+)[ ;].*largest residual (\\S+) s$");

    @Test
    void quickCalibrationWritesAMachineFileThatReadsBack(@TempDir Path dir) throws IOException {
        Path file = dir.resolve("here.machine");
        CliRun r = CliRun.of("machine", "calibrate", "--quick", "--out", file.toString());
        assertEquals(0, r.code(), r.err());
        assertEquals("", r.out());
        assertTrue(r.err().endsWith("lcm machine calibrate: wrote " + file + "\n"), r.err());
        List<String> lines = Files.readAllLines(file);
        String all = String.join("\n", lines);
        MachineDescription m = MachineDescriptionReader.read(file, new SourceRegistry());
        int processors = Runtime.getRuntime().availableProcessors();

        // the keys, in order: what this machine has
        List<String> expected = new ArrayList<>(List.of("processors"));
        Caches caches = Caches.read(Caches.SYSFS);
        caches.caches().forEach(c -> expected.add("cache-" + c.word()));
        expected.add("memory-bandwidth");
        expected.add("loop-java");
        boolean openMp = Toolchain.onPath("clang").isPresent() && Toolchain.libomp().isPresent();
        if (openMp) {
            expected.add("loop-openmp");
        } else {
            assertTrue(all.contains("# loop-openmp: not given"), all);
        }
        if (processors > 1) {
            expected.addAll(List.of("co-runner-bandwidth", "co-runner-pressure"));
        }
        assertEquals(expected, lines.stream().filter(l -> !l.isBlank() && !l.startsWith("#"))
                .map(l -> l.substring(0, l.indexOf(' '))).toList(), all);
        assertTrue(lines.get(0).startsWith("# lcm machine calibrate --quick, "), lines.get(0));
        assertTrue(lines.get(1).startsWith("# load average "), lines.get(1));

        assertEquals(processors, value(m, MachineKey.PROCESSORS, Map.of()));
        for (Caches.Cache c : caches.caches()) {
            assertEquals(c.bytes(), value(m, MachineKey.of("cache-" + c.word()).orElseThrow(), Map.of()));
        }
        // memory-bandwidth at 1 busy processor is the triad's measured bandwidth on one (7 digits)
        Matcher one = Pattern.compile("#   busy = 1: (\\S+)").matcher(all);
        assertTrue(one.find(), all);
        double measured = Double.parseDouble(one.group(1));
        assertEquals(measured, value(m, MachineKey.MEMORY_BANDWIDTH, Map.of("busy", 1.0)), 1e-6 * measured);

        loopCostsWithinResidual(lines, m, MachineKey.LOOP_JAVA, processors);
        if (openMp) {
            loopCostsWithinResidual(lines, m, MachineKey.LOOP_OPENMP, processors);
        }
        if (processors > 1) {
            Matcher ref = Pattern.compile("#   reference alone (\\S+), beside the co-runner (\\S+): ").matcher(all);
            assertTrue(ref.find(), all);
            // the pressure is the reference's bandwidth alone over beside: its time with / without
            assertEquals(Double.parseDouble(ref.group(1)) / Double.parseDouble(ref.group(2)),
                    value(m, MachineKey.CO_RUNNER_PRESSURE, Map.of()), 1e-5);
        }
    }

    /**
     * The costs a key's comment lists, one per w = 1..P, and the fitted expression: a and b of the
     * comment are the expression's, and it is within the fit's residual of every cost (plus the
     * 7-digit rounding of what the file prints).
     */
    private static void loopCostsWithinResidual(List<String> lines, MachineDescription m, MachineKey key,
                                                int processors) {
        int at = lines.indexOf(lines.stream().filter(l -> l.startsWith(key.word() + " = ")).findFirst().orElseThrow());
        Matcher fit = FIT.matcher(lines.get(at - 1));
        assertTrue(fit.matches(), lines.get(at - 1));
        double a = Double.parseDouble(fit.group(1));
        double b = Double.parseDouble(fit.group(2));
        double residual = Double.parseDouble(fit.group(3));
        List<Integer> ws = new ArrayList<>();
        for (int i = at - 2; i >= 0 && lines.get(i).startsWith("#   w = "); i--) {
            Matcher c = COST.matcher(lines.get(i));
            assertTrue(c.matches(), lines.get(i));
            int w = Integer.parseInt(c.group(1));
            ws.add(0, w);
            double cost = Double.parseDouble(c.group(2));
            double model = value(m, key, Map.of("w", (double) w));
            assertEquals(a * (w - 1) + b * (w - 1) * (w - 1), model, 1e-6 * Math.abs(model) + 1e-15, key.word());
            assertTrue(Math.abs(model - cost) <= residual * (1 + 1e-6) + 1e-6 * Math.abs(cost) + 1e-12,
                    key.word() + " at w = " + w + ": " + model + " vs " + cost + ", residual " + residual);
        }
        List<Integer> every = new ArrayList<>();
        for (int w = 1; w <= Math.min(processors, 16); w++) {
            every.add(w);
        }
        assertEquals(every, ws.subList(0, every.size()), key.word());
        assertTrue(a >= 0 && b >= 0, lines.get(at - 1));
    }

    private static double value(MachineDescription m, MachineKey key, Map<String, Double> point) {
        return Evaluator.eval(m.expr(key), point);
    }

    @Test
    void aBadLoopCostIsLocatedInTheMachineFile(@TempDir Path dir) throws IOException {
        Path machine = dir.resolve("bad.machine");
        Files.writeString(machine, "latency = 1e-6\nbandwidth = 3.2e7\nrc = 0\nloop-java = -1.2e-5*(w-1)\n");
        CliRun r = CliRun.of("compose", TestRepo.file("fixtures/fft2d/dp.f").toString(), "--machine", machine.toString());
        assertEquals(2, r.code());
        assertEquals(machine + ":4:13: machine parameter 'loop-java' is -1.2e-5 at w = 2: it must be zero or positive "
                + "and finite (seconds the Java common pool takes to start and end a parallel loop on w threads, beyond "
                + "the loop's work)\n  loop-java = -1.2e-5*(w-1)\n              ^\n", r.err());
        assertEquals("", r.out());
    }
}
