package lcm.skeleton;

import lcm.phases.LogicalTrace;
import lcm.phases.PhaseAnalysis;
import lcm.phases.PhaseFinder;
import lcm.phases.RepeatedPhases;
import lcm.phases.Smoothing;
import lcm.phases.Timeline;
import lcm.phases.TimelineReader;
import lcm.source.SourceRegistry;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * PAS2P's prediction on traces of our own programs (MessageApp): the whole run predicted from
 * its phases (one execution each, measured on its first) and their weights, against the
 * trace's measured length.
 */
class OwnProgramPhasesTest {

    @TempDir
    Path dir;

    @Test
    void predictsTheRunFromItsPhasesAndWeights() throws Exception {
        StringBuilder report = new StringBuilder();
        double worst = 0;
        int k = 0;
        for (MessageApp app : List.of(new MessageApp(MessageApp.Pattern.RING, 4, 40, 16_000, 4),
                new MessageApp(MessageApp.Pattern.ALL_TO_ALL, 4, 30, 16_000, 4))) {
            app.run(); // JIT warm-up
            Path trace = dir.resolve("run" + k++ + ".mpt");
            Files.writeString(trace, app.run().trace());
            Timeline tl = TimelineReader.read(trace, new SourceRegistry());
            PhaseAnalysis a = PhaseAnalysis.of(tl, new PhaseAnalysis.Settings(200, Smoothing.DEFAULT,
                    PhaseFinder.DEFAULT_PENALTY, 11, List.of()));
            RepeatedPhases rp = a.repeated().orElseThrow();
            LogicalTrace lt = a.logical().orElseThrow();
            // every iteration is one execution of the loop body: the weights add up to the iterations
            int iterations = app == null ? 0 : (k == 1 ? 40 : 30);
            int weight = rp.phases().stream().filter(p -> p.ticks() < lt.ticks().size()).mapToInt(RepeatedPhases.RepeatedPhase::weight)
                    .max().orElse(0);
            assertEquals(iterations, weight, rp.nest().text());
            report.append(String.format(Locale.ROOT, "%s: %d ticks, nest %s, measured %.4f s, predicted %.4f s, error %+.1f %%%n",
                    trace.getFileName(), lt.ticks().size(), rp.nest().text(), rp.measured(), rp.predicted(), 100 * rp.error()));
            worst = Math.max(worst, Math.abs(rp.error()));
        }
        System.out.print(report);
        // PAS2P reports about 2 % on dedicated clusters; iterations of a few milliseconds on a
        // shared 2-core build machine vary more (and the first carries the threads' start-up)
        assertTrue(worst < 0.25, report.toString());
    }
}
