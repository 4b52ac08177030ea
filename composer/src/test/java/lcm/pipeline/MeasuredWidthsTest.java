package lcm.pipeline;

import lcm.measure.Measurement;
import lcm.measure.MeasurementFormats;
import lcm.measure.MeasurementSet;
import lcm.source.Diagnostics;
import lcm.source.SourceRegistry;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Old pp lines (no width=, p= the share of the machine) get their fragment's width from the
 * sources of the program measured: p/2 in a task of two, 1 for serial code, whose idle
 * partners' ip is not kept (composition charges it as IP+).
 */
class MeasuredWidthsTest {

    @TempDir
    Path dir;

    @Test
    void oldLinesOfTwoTasksGetHalfTheRunsProcessors() throws Exception {
        Path tp = dir.resolve("Tp.java");
        Files.writeString(tp, """
                import java.util.stream.IntStream;
                import java.util.concurrent.CompletableFuture;

                public class Tp {
                    static int n = 1000;

                    //@lcm model: pc = 0.01
                    static void setup() {
                        System.out.println(n);
                    }

                    //@lcm model: pc = n/1000
                    static void work() {
                        IntStream.range(0, n).parallel().forEach(i -> { });
                    }

                    public static void main(String[] args) {
                        setup();
                        CompletableFuture<Void> a = CompletableFuture.runAsync(() -> work());
                        CompletableFuture<Void> b = CompletableFuture.runAsync(() -> work());
                        CompletableFuture.allOf(a, b).join();
                    }
                }
                """);
        Path pp = dir.resolve("tp.pp");
        // the old probe: p= is the share the fragment had (7 and 9 of 16), setup's ip its 15 idle partners
        Files.writeString(pp, """
                # run: p = 16 processors; time 0.5 s (first fragment's start to last fragment's end); command 1 s; n = 1000
                tag=setup n=1000 p=16 pc=0.01 li=0 ip=0.15 sl=0
                tag=work n=1000 p=7 pc=1.0 li=0.2 ip=0 sl=0
                tag=work n=1000 p=9 pc=1.2 li=0.1 ip=0.01 sl=0
                """);
        SourceRegistry sources = new SourceRegistry();
        MeasurementSet set = MeasurementFormats.read(pp, Optional.empty(), sources);
        List<String> notes = new ArrayList<>();
        MeasurementSet widths = MeasuredWidths.of(set, new Pipeline(sources).read(List.of(tp), new Diagnostics()), notes);
        Measurement setup = widths.withTag("setup").measurements().get(0);
        Measurement work = widths.withTag("work").measurements().get(0);
        assertEquals(1, setup.values().get("p"));
        assertEquals(0, setup.values().get("ip"));
        assertEquals(0.01, setup.values().get("pc"), 1e-12);
        // two executions of work in the run, one observation: per execution pc (1.0 + 1.2)/2, at width 16/2 = 8
        assertEquals(8, work.values().get("p"));
        assertEquals(16, work.values().get("procs"));
        assertEquals(1.1, work.values().get("pc"), 1e-12);
        assertEquals(0.005, work.values().get("ip"), 1e-12);
        assertTrue(notes.get(0).contains("each fragment's p is its width in Tp.java (setup 1, work 0.5*p)"), notes.toString());
        assertTrue(notes.get(1).startsWith("setup: on one processor"), notes.toString());
    }
}
