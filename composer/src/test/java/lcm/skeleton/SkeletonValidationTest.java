package lcm.skeleton;

import lcm.phases.Timeline;
import lcm.phases.TimelineReader;
import lcm.source.SourceRegistry;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;

import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Xu and Subhlok's validation (section 5.4, processor sharing): an application of ours and
 * its generated skeleton are run alone and then under a competing CPU-bound load (each time the shortest of three runs: interference from other processes only adds time) (a separate
 * process started here, spinning one thread per core, ending by itself after at most 60 s and
 * killed when done); the application's time under load is predicted as the skeleton's time
 * under load x (application alone / skeleton alone) and compared with the measured one.
 */
class SkeletonValidationTest {

    @TempDir
    Path dir;

    record Outcome(String name, double appAlone, double skelAlone, double appLoaded, double skelLoaded) {
        double predicted() {
            return skelLoaded * appAlone / skelAlone;
        }

        double error() {
            return (predicted() - appLoaded) / appLoaded;
        }

        String text() {
            return String.format(Locale.ROOT, "%s: application %.3f s alone, %.3f s loaded (slowdown %.2f); skeleton %.3f s "
                            + "alone, %.3f s loaded (slowdown %.2f); predicted %.3f s, error %+.1f %%", name, appAlone,
                    appLoaded, appLoaded / appAlone, skelAlone, skelLoaded, skelLoaded / skelAlone, predicted(),
                    100 * error());
        }
    }

    @Test
    void skeletonsPredictTheSlowdownUnderACompetingLoad() throws Exception {
        // Timings of a few tenths of a second on a shared machine can be thrown off by other
        // processes: up to three attempts, every one printed; the best must meet the bounds.
        StringBuilder all = new StringBuilder();
        for (int attempt = 1; attempt <= 3; attempt++) {
            String failure = attempt();
            if (failure == null) {
                return;
            }
            all.append("attempt ").append(attempt).append(":\n").append(failure);
        }
        org.junit.jupiter.api.Assertions.fail(all.toString());
    }

    /** One measurement of both programs; null if it meets the bounds, else the report. */
    private String attempt() throws Exception {
        List<MessageApp> apps = List.of(
                new MessageApp(MessageApp.Pattern.RING, 2, 24, 20_000, 10),
                new MessageApp(MessageApp.Pattern.ALL_TO_ALL, 3, 16, 24_000, 10),
                new MessageApp(MessageApp.Pattern.FFT2D, 2, 12, 256, 0));
        List<String> names = List.of("ring stencil", "all-to-all (FFT transpose)", "2D FFT (rows, transpose, rows)");
        StringBuilder report = new StringBuilder();
        double worst = 0;
        double sum = 0;
        for (int k = 0; k < apps.size(); k++) {
            MessageApp app = apps.get(k);
            app.run(); // warm the JIT up
            MessageApp.Result alone = app.run();
            Path trace = Files.createTempFile(dir, "app" + k, ".mpt");
            Files.writeString(trace, alone.trace());
            Timeline tl = TimelineReader.read(trace, new SourceRegistry());
            Path out = Files.createTempDirectory(dir, "skeleton" + k).resolve("sk");
            Skeletons.Generated g = Skeletons.generate(tl, alone.seconds() / 2, out);
            assertTrue(g.plan().repeats(), "the application's loop is found");
            assertTrue(g.compiled());
            SkeletonBuild.Loaded skeleton = SkeletonBuild.load(out);
            skeleton.run(); // warm up
            // application and skeleton alternate, so that both see the same background
            double[] aloneTimes = interleaved(app, skeleton);
            Process hog = hog(Runtime.getRuntime().availableProcessors());
            double[] loadedTimes;
            try {
                Thread.sleep(200);
                loadedTimes = interleaved(app, skeleton);
            } finally {
                hog.destroyForcibly();
                hog.waitFor();
            }
            double appAlone = aloneTimes[0];
            double skelAlone = aloneTimes[1];
            double appLoaded = loadedTimes[0];
            double skelLoaded = loadedTimes[1];
            Outcome o = new Outcome(names.get(k), appAlone, skelAlone,
                    appLoaded, skelLoaded);
            report.append(o.text()).append('\n');
            worst = Math.max(worst, Math.abs(o.error()));
            sum += Math.abs(o.error());
        }
        System.out.print(report);
        // the paper reports errors of about 30 % on average with competing processes (its
        // Figure 7b); on a shared 2-core build machine (load average 10-27 when we measured)
        // single runs of a few tenths of a second are noisy, so the bounds are loose: the mean
        // error under 50 %, no single error beyond 90 % (a skeleton that did not slow down at all
        // while the application ran at half speed would miss by 50 %)
        return sum / apps.size() < 0.5 && worst < 0.9 ? null : report.toString();
    }

    /** Three runs of each, alternating; the shortest of each (interference only adds time). */
    static double[] interleaved(MessageApp app, SkeletonBuild.Loaded skeleton) throws InterruptedException {
        double a = Double.POSITIVE_INFINITY;
        double s = Double.POSITIVE_INFINITY;
        for (int i = 0; i < 3; i++) {
            a = Math.min(a, app.run().seconds());
            s = Math.min(s, skeleton.run());
        }
        return new double[] {a, s};
    }

    static Process hog(int threads) throws Exception {
        Path java = Path.of(System.getProperty("java.home"), "bin", "java");
        return new ProcessBuilder(java.toString(), "-cp", System.getProperty("java.class.path"), CpuHog.class.getName(),
                Integer.toString(threads), "60").redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD)
                .start();
    }
}
