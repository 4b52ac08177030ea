package lcm.campaign;

import lcm.TestRepo;
import lcm.cli.CliRun;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * lcm campaign run --slurm against a real Slurm cluster (SlurmCluster: the one .ci/run starts
 * with .ci/slurm-up; skipped with the reason where none can be started, never under CI=true):
 * the bundled Java FFT measured as a job array and here gives the same runs; failed, killed and
 * refused tasks; a resumed submission; a second collect that changes nothing.
 */
class SlurmCampaignTest {

    @TempDir
    Path dir;

    private static final int PROCESSORS = Runtime.getRuntime().availableProcessors();

    @BeforeAll
    static void cluster() throws Exception {
        SlurmCluster.require();
    }

    @AfterAll
    static void release() throws Exception {
        SlurmCluster.release();
    }

    @Test
    void theFftAsAJobArrayAndHereGivesTheSameRuns() throws Exception {
        // 4 points x 2 runs with p up to this machine's processors
        String vars = PROCESSORS >= 2 ? "n=64,128" : "n=64,128,256,512";
        String procs = PROCESSORS >= 2 ? "1,2" : "1";
        Path here = Files.createDirectories(dir.resolve("here"));
        Path slurm = Files.createDirectories(dir.resolve("slurm"));
        CliRun plan = CliRun.of("plan", "--workdir", TestRepo.root().toString(), "--out", here.resolve("fft.json").toString(),
                "--vars", vars, "--procs", procs, "--runs", "2", "--estimate-from",
                "tp=" + TestRepo.file("fixtures/fft2d/measured/java_tp.pp"),
                "--structure", "tp=java -Dn={n} fixtures/fft2d/Fft2dTp.java");
        assertEquals(0, plan.code(), plan.err());
        // the same campaign, its runs going to another folder at the same depth
        Files.copy(here.resolve("fft.json"), slurm.resolve("fft.json"));
        CampaignLayout local = CampaignFixture.read(here.resolve("fft.json"));
        CampaignLayout array = CampaignFixture.read(slurm.resolve("fft.json"));
        assertEquals(local.workdir(), array.workdir());

        CliRun submitted = CliRun.of("campaign", "run", slurm.resolve("fft.json").toString(), "--slurm");
        assertEquals(0, submitted.code(), submitted.err());
        assertTrue(submitted.out().startsWith("submitted 8 tasks of fft.json to Slurm: job "), submitted.out());
        assertTrue(submitted.out().contains(" (tasks 0-7, a whole node each)\n"), submitted.out());
        assertTrue(Files.readString(array.jobScript()).contains("\n  7) run=(measure --vars "));
        // while Slurm runs the array (one task at a time: a whole node each), the same campaign here
        long t0 = System.nanoTime();
        CliRun ran = CliRun.of("campaign", "run", here.resolve("fft.json").toString());
        assertEquals(0, ran.code(), ran.err());
        System.out.printf("local FFT campaign: %.1f s%n", (System.nanoTime() - t0) * 1e-9);
        SlurmCluster.awaitDone(array, 20);

        CliRun collect = CliRun.of("campaign", "collect", slurm.resolve("fft.json").toString());
        assertEquals(0, collect.code(), collect.err());
        assertEquals("collected fft.json: 8 of 8 runs (tp 8 of 8) in " + CampaignLayout.shown(array.data()) + "/; merged 8 parts "
                + "into " + CampaignLayout.shown(array.pp("tp")) + "\nfailed: none\nqueued or running in Slurm: none\n"
                + "not run: none\ndoubled: none\n", collect.out());

        // the same runs: every task once, in design order, the same point, one header, the same fragments
        List<CampaignFixture.Run> a = CampaignFixture.runs(local.pp("tp"), "fft");
        List<CampaignFixture.Run> b = CampaignFixture.runs(array.pp("tp"), "fft");
        assertEquals(List.of(0, 1, 2, 3, 4, 5, 6, 7), a.stream().map(CampaignFixture.Run::task).toList());
        assertEquals(List.of(0, 1, 2, 3, 4, 5, 6, 7), b.stream().map(CampaignFixture.Run::task).toList());
        for (int i = 0; i < 8; i++) {
            assertEquals(a.get(i).point(), b.get(i).point());
            assertEquals(RunMark.point(local.campaign().point(local.campaign().task(i).point())), a.get(i).point());
            assertEquals(1, a.get(i).headers());
            assertEquals(1, b.get(i).headers());
            assertEquals(tags(a.get(i)), tags(b.get(i)));
        }
        assertEquals(4, a.stream().map(CampaignFixture.Run::point).distinct().count());
        // every Slurm task ended well and left its exit record; nothing in progress is left
        for (int i = 0; i < 8; i++) {
            assertTrue(ExitRecord.read(array.exitRecord(i), i, new lcm.source.SourceRegistry()).orElseThrow().ok());
        }
        try (Stream<Path> parts = Files.list(array.parts())) {
            assertEquals(List.of(), parts.filter(p -> p.toString().endsWith(".part")).toList());
        }

        // fitted alike: the same fragments, categories and variables in lcm fit's table
        CliRun fitA = CliRun.of("fit", local.pp("tp").toString());
        CliRun fitB = CliRun.of("fit", array.pp("tp").toString());
        assertEquals(0, fitA.code(), fitA.err());
        assertEquals(0, fitB.code(), fitB.err());
        assertEquals(rows(fitA.out()), rows(fitB.out()));
        assertTrue(rows(fitA.out()).size() >= 8, fitA.out());

        // collecting again changes nothing, not even the file's time
        byte[] before = Files.readAllBytes(array.pp("tp"));
        long modified = Files.getLastModifiedTime(array.pp("tp")).toMillis();
        CliRun again = CliRun.of("campaign", "collect", slurm.resolve("fft.json").toString());
        assertEquals(0, again.code(), again.err());
        assertTrue(again.out().startsWith("collected fft.json: 8 of 8 runs (tp 8 of 8) in " + CampaignLayout.shown(array.data())
                + "/; nothing changed\n"), again.out());
        assertEquals(new String(before), Files.readString(array.pp("tp")));
        assertEquals(modified, Files.getLastModifiedTime(array.pp("tp")).toMillis());

        double estimate = local.campaign().estimate().orElseThrow().seconds();
        System.out.printf("FFT campaign: estimate %.1f s (from fixtures/fft2d/measured/java_tp.pp); runs here %.1f s, "
                + "as Slurm tasks %.1f s%n", estimate, seconds(local), seconds(array));
    }

    @Test
    void failedKilledAndRefusedTasksThenAResumedSubmission() throws Exception {
        // p = PROCESSORS + 1 is more than the node has: those 3 runs stay in the campaign, refused at submit
        Path file = CampaignFixture.planSpin(dir, "spin", "ms=13,100,6000", "1," + (PROCESSORS + 1), "--runs", "1");
        CampaignLayout layout = CampaignFixture.read(file);
        Campaign c = layout.campaign();
        int failing = task(c, 13, 1);
        int killed = task(c, 6000, 1);
        int good = task(c, 100, 1);
        CliRun submitted = CliRun.of("campaign", "run", file.toString(), "--slurm");
        assertEquals(0, submitted.code(), submitted.err());
        assertTrue(submitted.out().startsWith("submitted 3 tasks of spin.json to Slurm: job "), submitted.out());
        assertEquals("lcm campaign: warning: 3 runs need more processors than the nodes have (" + PROCESSORS + "): p = "
                + (PROCESSORS + 1) + "; they stay in the campaign, not run\n", submitted.err());
        SubmittedJobs.Job job = SubmittedJobs.jobs(layout, new lcm.source.SourceRegistry()).get(0);

        // kill the 6 s run while its program spins
        long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(15);
        while (!(Files.exists(layout.log(killed)) && Files.readString(layout.log(killed)).contains("spin: 6000 ms"))) {
            assertTrue(System.nanoTime() < deadline, "task " + killed + " did not start in 15 minutes");
            Thread.sleep(100);
        }
        Slurm.cancel(List.of(job.arrayTask(killed)));
        SlurmCluster.awaitDone(layout, 15);

        CliRun collect = CliRun.of("campaign", "collect", file.toString());
        assertEquals(0, collect.code(), collect.err());
        String out = collect.out();
        System.out.println("lcm campaign collect, one task failed and one killed:\n" + out);
        List<String> lines = out.lines().toList();
        assertEquals("collected spin.json: 1 of 6 runs (Spin 1 of 6) in " + CampaignLayout.shown(layout.data())
                + "/; merged 1 part into " + CampaignLayout.shown(layout.pp("Spin")), lines.get(0));
        assertEquals("failed: 2 tasks", lines.get(1));
        String host = ExitRecord.read(layout.exitRecord(failing), failing, new lcm.source.SourceRegistry()).orElseThrow().node();
        int f = lines.indexOf(lines.stream().filter(l -> l.startsWith("  task " + failing + " ")).findFirst().orElseThrow());
        assertTrue(lines.get(f).matches("  task " + failing + " \\(Spin at ms=13 p=1, run 1\\): exited with status 2 on "
                + host + " after [0-9.]+ s \\(Slurm task " + job.arrayTask(failing) + "\\)"), lines.get(f));
        assertTrue(out.contains("    | spin: ms = 13 fails on purpose\n"), out);
        assertTrue(out.contains("    | lcm: " + CampaignFixture.JAVA + " -Dms=13 Spin.java exited with status 1; no pp lines "
                + "written\n"), out);
        assertTrue(lines.stream().anyMatch(l -> l.matches("  task " + killed + " \\(Spin at ms=6000 p=1, run 1\\): stopped by "
                + "SIGTERM \\(scancel, or its time limit\\) on " + host + " after [0-9.]+ s \\(Slurm task "
                + job.arrayTask(killed) + "\\)")), out);
        assertTrue(out.contains("queued or running in Slurm: none\nnot run: 3 tasks\n"), out);
        assertEquals(3, lines.stream().filter(l -> l.matches("  task \\d+ \\(Spin at ms=\\d+ p=" + (PROCESSORS + 1)
                + ", run 1\\): refused at submit: it needs " + (PROCESSORS + 1) + " CPUs, the nodes have " + PROCESSORS))
                .count(), out);
        assertTrue(out.contains("doubled: none\nsacct: "), out);

        // no partial lines: the pp file has the one good run; the killed task left its exit record, no part
        List<CampaignFixture.Run> runs = CampaignFixture.runs(layout.pp("Spin"), "spin");
        assertEquals(List.of(good), runs.stream().map(CampaignFixture.Run::task).toList());
        assertEquals(1, runs.get(0).lines().size());
        assertEquals("TERM", ExitRecord.read(layout.exitRecord(killed), killed, new lcm.source.SourceRegistry()).orElseThrow().signal());
        assertFalse(Files.exists(layout.part(killed)));
        assertFalse(Files.exists(layout.partInProgress(killed)));

        // resumed: the failed and the killed run are submitted again, the good one is not
        CliRun resumed = CliRun.of("campaign", "run", file.toString(), "--slurm", "--resume");
        assertEquals(0, resumed.code(), resumed.err());
        assertTrue(resumed.out().startsWith("submitted 2 tasks of spin.json to Slurm: job "), resumed.out());
        assertTrue(resumed.out().contains("  not submitted again: 1 done, 0 queued or running\n"), resumed.out());
        SlurmCluster.awaitDone(layout, 15);
        CliRun second = CliRun.of("campaign", "collect", file.toString());
        assertTrue(second.out().startsWith("collected spin.json: 2 of 6 runs (Spin 2 of 6) in "), second.out());
        assertTrue(second.out().contains("\nfailed: 1 task\n  task " + failing + " (Spin at ms=13 p=1, run 1): exited with "
                + "status 2"), second.out());
        assertEquals(List.of(good, killed).stream().sorted().toList(),
                CampaignFixture.runs(layout.pp("Spin"), "spin").stream().map(CampaignFixture.Run::task).toList());
        CliRun status = CliRun.of("campaign", "status", file.toString());
        assertTrue(status.out().contains("done: 2 in the pp files (2 of 6 runs (Spin 2 of 6))\n"), status.out());
    }

    private static int task(Campaign c, double ms, double p) {
        return c.tasks().stream().filter(t -> c.point(t.point()).values().equals(Map.of("ms", ms, "p", p)))
                .findFirst().orElseThrow().id();
    }

    /** How often each fragment ran in a run. */
    private static Map<String, Long> tags(CampaignFixture.Run r) {
        return r.lines().stream().map(l -> l.substring(4, l.indexOf(' ')))
                .collect(Collectors.groupingBy(t -> t, TreeMap::new, Collectors.counting()));
    }

    /** The first three columns of lcm fit's table: fragment, quantity, variable. */
    private static List<String> rows(String table) {
        List<String> out = new ArrayList<>();
        for (String l : table.lines().toList()) {
            String[] f = l.strip().split("\\s+");
            if (f.length > 3 && !l.startsWith(" ")) {
                out.add(f[0] + " " + f[1] + " " + f[2]);
            }
        }
        return out;
    }

    private static double seconds(CampaignLayout l) {
        return RecordedRuns.read(l.pp("tp"), l.campaign().name(), new lcm.source.SourceRegistry()).blocks().values().stream()
                .mapToDouble(RecordedRuns.Block::seconds).sum();
    }
}
