package lcm.campaign;

import lcm.TestRepo;
import org.junit.jupiter.api.Assertions;
import org.junit.jupiter.api.Assumptions;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/**
 * The Slurm cluster the Slurm tests need: one that answers already (.ci/run starts one with
 * .ci/slurm-up), or one these tests start with .ci/slurm-up --no-install (as root, Slurm and
 * munge installed) and stop when they end. Where neither works the tests are skipped with the
 * reason, except under CI=true, where they fail.
 */
final class SlurmCluster {

    private static boolean startedHere;

    private SlurmCluster() {
    }

    static void require() throws Exception {
        Optional<String> why = Slurm.unavailable();
        if (why.isPresent()) {
            Path up = TestRepo.file(".ci/slurm-up");
            if (Files.isExecutable(up)) {
                // its output to a file: the daemons it starts may keep a pipe open
                Path log = Files.createTempFile("slurm-up", ".log");
                Process p = new ProcessBuilder(up.toString(), "--no-install").redirectErrorStream(true)
                        .redirectOutput(log.toFile()).start();
                boolean ended = p.waitFor(120, TimeUnit.SECONDS);
                String said = Files.readString(log, StandardCharsets.UTF_8).strip();
                Files.deleteIfExists(log);
                if (ended && p.exitValue() == 0) {
                    startedHere = true;
                    why = Slurm.unavailable();
                } else {
                    why = Optional.of(why.get() + "; .ci/slurm-up --no-install: " + said.replace('\n', ' '));
                }
            }
        }
        if (why.isPresent()) {
            String reason = "these tests need a Slurm cluster: " + why.get();
            if ("true".equals(System.getenv("CI"))) {
                Assertions.fail(reason + " (CI=true: not skipped)");
            }
            Assumptions.abort(reason);
        }
    }

    /** Stops the cluster if these tests started it. */
    static void release() throws Exception {
        if (startedHere) {
            startedHere = false;
            new ProcessBuilder(TestRepo.file(".ci/slurm-down").toString()).inheritIO().start().waitFor(60, TimeUnit.SECONDS);
        }
    }

    /** Waits until Slurm has none of the campaign's tasks queued or running. */
    static void awaitDone(CampaignLayout layout, long minutes) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(minutes);
        while (!SlurmSubmit.inFlight(SubmittedJobs.jobs(layout, new lcm.source.SourceRegistry())).isEmpty()) {
            Assertions.assertTrue(System.nanoTime() < deadline, "Slurm did not finish the campaign's tasks in " + minutes
                    + " minutes");
            Thread.sleep(500);
        }
    }
}
