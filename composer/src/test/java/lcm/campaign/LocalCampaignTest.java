package lcm.campaign;

import lcm.cli.CliRun;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * lcm campaign run on this machine, with the test program Spin.java (a fragment that spins on the
 * wall clock): every run once, in design order, whole; a failed run; a campaign killed in the
 * middle of a run and resumed; the plan's estimate against the actual time.
 */
class LocalCampaignTest {

    @TempDir
    Path dir;

    @Test
    void everyRunOnceInDesignOrderWithItsMark() throws IOException {
        Path file = CampaignFixture.planSpin(dir, "spin", "ms=50,150", "1", "--runs", "2");
        CliRun r = CliRun.of("campaign", "run", file.toString());
        assertEquals(0, r.code(), r.err());
        CampaignLayout layout = CampaignFixture.read(file);
        Campaign c = layout.campaign();
        assertTrue(r.out().startsWith("ran 4 runs of spin.json in "), r.out());
        assertTrue(r.out().endsWith("  " + CampaignLayout.shown(layout.pp("Spin")) + ": 4 of 4 runs\n"), r.out());
        // one line per finished run when stderr is no terminal
        assertEquals(4, r.err().lines().filter(l -> l.startsWith("lcm campaign: ") && l.contains(" runs done, ")).count(), r.err());
        assertTrue(r.err().contains("lcm campaign: 4/4 runs done, 0 left ("), r.err());
        List<CampaignFixture.Run> runs = CampaignFixture.runs(layout.pp("Spin"), "spin");
        assertEquals(List.of(0, 1, 2, 3), runs.stream().map(CampaignFixture.Run::task).toList());
        for (CampaignFixture.Run run : runs) {
            Campaign.Task t = c.task(run.task());
            String ms = RunMark.point(c.point(t.point())).split(" ")[0];
            assertEquals(1, run.headers());
            assertEquals(ms + " p=1", run.point());
            assertEquals(1, run.lines().size());
            assertTrue(run.lines().get(0).startsWith("tag=spin " + ms + " procs=1 width=1 execs=1 "), run.lines().get(0));
        }
        // each point twice, once per round
        assertEquals(2, runs.stream().filter(x -> x.point().equals("ms=50 p=1")).count());
        // a second run without --resume refuses to add runs twice
        CliRun again = CliRun.of("campaign", "run", file.toString());
        assertEquals(2, again.code());
        assertTrue(again.err().startsWith("lcm: " + CampaignLayout.shown(layout.data()) + " already holds 4 of 4 runs of "
                + "campaign spin: --resume runs the 0 left"), again.err());
        CliRun status = CliRun.of("campaign", "status", file.toString());
        assertEquals(0, status.code(), status.err());
        assertTrue(status.out().contains("done: 4 in the pp files (4 of 4 runs (Spin 4 of 4))\n"), status.out());
    }

    @Test
    void aFailedRunIsReportedAndResumeRunsOnlyIt() throws IOException {
        Path file = CampaignFixture.planSpin(dir, "fail", "ms=13,50", "1", "--runs", "1");
        CliRun r = CliRun.of("campaign", "run", file.toString());
        assertEquals(2, r.code());
        CampaignLayout layout = CampaignFixture.read(file);
        int failed = layout.campaign().tasks().stream().filter(t -> layout.campaign().point(t.point()).values().get("ms") == 13)
                .findFirst().orElseThrow().id();
        assertTrue(r.err().contains("\nlcm: 1 of 2 runs failed: task " + failed + " (Spin at ms=13 p=1, run 1: lcm measure "
                + "exited with 2: lcm: " + CampaignFixture.JAVA + " -Dms=13 Spin.java exited with status 1; no pp lines written)"),
                r.err());
        assertTrue(Files.readString(layout.log(failed)).contains("spin: ms = 13 fails on purpose"));
        assertEquals(1, CampaignFixture.runs(layout.pp("Spin"), "fail").size());
        CliRun resumed = CliRun.of("campaign", "run", file.toString(), "--resume");
        assertEquals(2, resumed.code());
        assertTrue(resumed.out().startsWith("ran 1 run of fail.json in "), resumed.out());
        assertTrue(resumed.out().contains("; 1 were done before\n"), resumed.out());
        assertEquals(1, CampaignFixture.runs(layout.pp("Spin"), "fail").size());
    }

    @Test
    void aCampaignKilledInARunKeepsWholeRunsAndResumes() throws Exception {
        Path file = CampaignFixture.planSpin(dir, "kill", "ms=50,6000", "1", "--runs", "1");
        CampaignLayout layout = CampaignFixture.read(file);
        int longTask = layout.campaign().tasks().stream()
                .filter(t -> layout.campaign().point(t.point()).values().get("ms") == 6000).findFirst().orElseThrow().id();
        List<String> cmd = new ArrayList<>(LcmLauncher.current().words());
        cmd.addAll(List.of("campaign", "run", file.toString()));
        Process campaign = new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(dir.resolve("out.txt").toFile()).start();
        // wait until the long run's program spins, then kill the campaign and everything it started
        long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(5);
        while (!(Files.exists(layout.log(longTask)) && Files.readString(layout.log(longTask)).contains("spin: 6000 ms"))) {
            assertTrue(campaign.isAlive(), Files.readString(dir.resolve("out.txt")));
            assertTrue(System.nanoTime() < deadline, "the long run did not start in 5 minutes");
            Thread.sleep(100);
        }
        List<ProcessHandle> all = new ArrayList<>(campaign.descendants().toList());
        campaign.destroyForcibly();
        all.forEach(ProcessHandle::destroyForcibly);
        campaign.waitFor();
        for (ProcessHandle h : all) {
            h.onExit().get(30, TimeUnit.SECONDS);
        }
        // what the pp file holds is whole: every run has its header and line; the killed run has none
        List<CampaignFixture.Run> before = Files.exists(layout.pp("Spin")) ? CampaignFixture.runs(layout.pp("Spin"), "kill")
                : List.of();
        assertTrue(before.stream().noneMatch(x -> x.task() == longTask));
        before.forEach(x -> assertEquals(1, x.headers()));
        before.forEach(x -> assertEquals(1, x.lines().size()));
        assertFalse(Files.exists(layout.part(longTask)));
        // resume: the killed run again, whole this time
        CliRun resumed = CliRun.of("campaign", "run", file.toString(), "--resume");
        assertEquals(0, resumed.code(), resumed.err());
        List<CampaignFixture.Run> after = CampaignFixture.runs(layout.pp("Spin"), "kill");
        assertEquals(2, after.size());
        assertEquals(List.of(0, 1), after.stream().map(CampaignFixture.Run::task).sorted().toList());
        assertTrue(resumed.out().contains("; " + before.size() + " were done before") || before.isEmpty(), resumed.out());
    }

    @Tag("timing")
    @Test
    void thePlansEstimateAgainstTheActualTime() throws IOException {
        // a pilot (ms = 200, then the middle value 1000) fits the run time; the campaign runs 3 points once
        Path file = CampaignFixture.planSpin(dir, "estimate", "ms=200,1000,3000", "1", "--runs", "1", "--pilot");
        CampaignLayout layout = CampaignFixture.read(file);
        Campaign.Estimate e = layout.campaign().estimate().orElseThrow();
        RunTimeModel m = e.models().get("Spin");
        // the measured region is the spin, ms / 1000 s (a little more when the machine is loaded): the
        // model's region at ms = 3000, extrapolated from the pilot's 200 and 1000, is near 3 s
        double region = m.seconds(java.util.Map.of("ms", 3000.0, "p", 1.0)) - m.fixedSeconds();
        assertTrue(region > 2.1 && region < 3.9, m.text());
        CliRun r = CliRun.of("campaign", "run", file.toString());
        assertEquals(0, r.code(), r.err());
        double actual = CampaignFixture.runs(layout.pp("Spin"), "estimate").size() == 3
                ? RecordedRuns.read(layout.pp("Spin"), "estimate", new lcm.source.SourceRegistry()).blocks().values().stream()
                .mapToDouble(RecordedRuns.Block::seconds).sum() : Double.NaN;
        double ratio = actual / e.seconds();
        assertTrue(r.out().contains(String.format(java.util.Locale.ROOT, "actual/estimate %.2f", ratio)), r.out());
        // the spins are 4.2 s of wall time; the rest (starting lcm measure and the JVM, compiling Spin.java)
        // moves with the machine's load between the pilot and the campaign
        assertTrue(ratio > 0.6 && ratio < 1.6, "actual " + actual + " s, estimate " + e.seconds() + " s: " + r.out());
    }
}
