package lcm.machine;

import lcm.expr.Evaluator;
import lcm.source.Diagnostic;
import lcm.source.SourceText;
import lcm.source.UserError;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/** The keys lcm machine calibrate writes, read back, and their bad values with the place and the reason. */
class CalibratedKeysTest {

    private static MachineDescription read(String text) {
        return MachineDescriptionReader.read(SourceText.of(Path.of("m.machine"), text));
    }

    private static double at(MachineDescription m, MachineKey key, Map<String, Double> point) {
        return Evaluator.eval(m.expr(key), point);
    }

    private static List<String> errors(String text) {
        UserError e = assertThrows(UserError.class, () -> read(text));
        return e.diagnostics().stream().map(Diagnostic::headline).toList();
    }

    @Test
    void everyCalibratedKeyReadsBack() {
        MachineDescription m = read("""
                processors = 2
                cache-l1d = 32768
                cache-l1i = 32768   # level 1 instruction
                cache-l2 = 524288
                cache-l3 = 33554432
                memory-bandwidth = min(7.25e9*busy, 1.1e10)
                loop-java = 1.5e-5*(w-1) + 2e-7*(w-1)^2
                loop-openmp = 3e-6*(w-1)
                co-runner-bandwidth = 6.3e9
                co-runner-pressure = 1.21
                """);
        assertEquals(2, at(m, MachineKey.PROCESSORS, Map.of()));
        assertEquals(32768, at(m, MachineKey.CACHE_L1D, Map.of()));
        assertEquals(32768, at(m, MachineKey.CACHE_L1I, Map.of()));
        assertEquals(524288, at(m, MachineKey.CACHE_L2, Map.of()));
        assertEquals(33554432, at(m, MachineKey.CACHE_L3, Map.of()));
        // one busy processor moves 7.25e9 B/s; two would move 14.5e9, the memory gives 1.1e10
        assertEquals(7.25e9, at(m, MachineKey.MEMORY_BANDWIDTH, Map.of("busy", 1.0)));
        assertEquals(1.1e10, at(m, MachineKey.MEMORY_BANDWIDTH, Map.of("busy", 2.0)));
        // a loop on 3 threads: 2 * 15 us + 4 * 0.2 us = 30.8 us; on one thread nothing
        assertEquals(30.8e-6, at(m, MachineKey.LOOP_JAVA, Map.of("w", 3.0)), 1e-18);
        assertEquals(0, at(m, MachineKey.LOOP_JAVA, Map.of("w", 1.0)));
        assertEquals(9e-6, at(m, MachineKey.LOOP_OPENMP, Map.of("w", 4.0)), 1e-18);
        assertEquals(6.3e9, at(m, MachineKey.CO_RUNNER_BANDWIDTH, Map.of()));
        assertEquals(1.21, at(m, MachineKey.CO_RUNNER_PRESSURE, Map.of()));
        assertEquals(Map.of("w", 4.0).keySet(), MachineKey.LOOP_OPENMP.variables());
        assertEquals(Map.of("busy", 1.0).keySet(), MachineKey.MEMORY_BANDWIDTH.variables());
        // the line of a key is where its expression starts
        assertEquals("m.machine:7:13", m.get(MachineKey.LOOP_JAVA).orElseThrow().at().toString());
    }

    @Test
    void badValuesAreLocatedWithTheirReason() {
        assertEquals(List.of(
                "m.machine:1:14: machine parameter 'processors' is 2.5: it must be a whole number of at least 1 "
                        + "(processors of the machine)",
                "m.machine:2:12: machine parameter 'cache-l2' is 0: it must be a whole number of at least 1 (bytes of "
                        + "a level 2 cache)",
                "m.machine:3:20: machine parameter 'memory-bandwidth' is 0 at busy = 1: it must be positive and finite "
                        + "(bytes per second that busy processors move together, each sweeping a triad a(i) = b(i) + "
                        + "s*c(i) (24 bytes an element))",
                "m.machine:4:13: machine parameter 'loop-java' is -1e-5 at w = 2: it must be zero or positive and finite "
                        + "(seconds the Java common pool takes to start and end a parallel loop on w threads, beyond the "
                        + "loop's work)",
                "m.machine:5:15: unknown variable 'p' in loop-openmp: only w (the threads of the loop) is defined",
                "m.machine:6:22: machine parameter 'co-runner-pressure' is -1.2: it must be positive and finite (a "
                        + "one-processor triad's time beside the co-runner over its time alone)",
                "m.machine:7:23: unknown variable 'w' in co-runner-bandwidth: it must be a number",
                "m.machine:8:12: unknown variable 'busy' in cache-l3: it must be a number"),
                errors("""
                        processors = 2.5
                        cache-l2 = 0
                        memory-bandwidth = min(7e9*busy, 0)
                        loop-java = -1e-5*(w-1)
                        loop-openmp = 3e-6*(p-1)
                        co-runner-pressure = -1.2
                        co-runner-bandwidth = 6e9*w
                        cache-l3 = 3e7*busy
                        """));
        assertEquals(List.of("m.machine:1:20: unknown variable 'w' in memory-bandwidth: only busy (the processors "
                + "sweeping at once) is defined"), errors("memory-bandwidth = 7e9*w\n"));
    }

    @Test
    void aKeyGivenTwiceOrUnknown() {
        assertEquals(List.of("m.machine:2:1: machine parameter 'loop-java' given twice (first at line 1)",
                        "m.machine:3:1: unknown machine parameter 'loop-jvm' (expected one of latency, bandwidth, rc, send, "
                                + "receive, compute, processors, cache-l1d, cache-l1i, cache-l2, cache-l3, memory-bandwidth, "
                                + "loop-java, loop-openmp, co-runner-bandwidth, co-runner-pressure)"),
                errors("loop-java = 1e-5*(w-1)\nloop-java = 2e-5*(w-1)\nloop-jvm = 0\n"));
    }
}
