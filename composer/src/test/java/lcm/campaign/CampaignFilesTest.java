package lcm.campaign;

import lcm.TestRepo;
import lcm.cli.CliRun;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A campaign's own files read with checks (issue 34's fuzz findings): a bad value in a run mark,
 * an exit record or {@code slurm/jobs} is an error at its column with exit 2, ranges are not
 * expanded, special files are not read, and a collect that fails writes nothing.
 */
class CampaignFilesTest {

    @TempDir
    Path dir;

    private Path file;
    private CampaignLayout layout;
    private static final Path RUNS = TestRepo.file("fixtures/fft2d/measured/java_tp.pp");

    @BeforeEach
    void plan() throws IOException {
        file = dir.resolve("c.json");
        CliRun r = CliRun.of("plan", "--workdir", TestRepo.root().toString(), "--out", file.toString(),
                "--structure", "tp=java -Dn={n} fixtures/fft2d/Fft2dTp.java",
                "--structure", "dp=java -Dn={n} fixtures/fft2d/Fft2dDp.java", "--vars", "n=64,128", "--procs", "1,2");
        assertEquals(0, r.code(), r.err());
        layout = CampaignFixture.read(file);
        Files.createDirectories(layout.parts());
        Files.createDirectories(layout.slurm());
        Files.createDirectories(layout.logs());
    }

    /** The first task of {@code structure}. */
    private int task(String structure) {
        return layout.campaign().tasks().stream().filter(t -> t.structure().equals(structure)).findFirst().orElseThrow().id();
    }

    /** One run's lines as lcm measure writes a part. */
    private static String run() throws IOException {
        return Files.readString(RUNS).lines().limit(40).reduce("", (a, b) -> a + b + "\n");
    }

    private CliRun campaign(String what) {
        return CliRun.of("campaign", what, file.toString());
    }

    /** Both status and collect stop at {@code message}'s line with exit 2, and nothing is written. */
    private void bothRefuse(String first) throws IOException {
        for (String c : List.of("status", "collect")) {
            CliRun r = campaign(c);
            assertEquals(2, r.code(), c + ": " + r.err());
            assertEquals(first, r.err().lines().findFirst().orElse(""), c);
            assertFalse(r.err().contains("internal error"), r.err());
        }
        assertFalse(Files.exists(layout.pp("dp")));
    }

    private void jobs(String line) throws IOException {
        Files.writeString(layout.jobs(), line + "\n");
    }

    @Test
    void badValuesOfSlurmJobsAreErrorsAtTheirColumn() throws IOException {
        jobs("refused= node-cpus=2 submitted=x");
        bothRefuse(layout.jobs() + ":1:9: missing value for 'refused'");
        jobs("refused=1 node-cpus=abc submitted=x");
        bothRefuse(layout.jobs() + ":1:21: bad value 'abc' for 'node-cpus': expected a whole number from 1 to 2147483647");
        jobs("job=5 offset=0 tasks=5-2 cpus=1 submitted=x");
        bothRefuse(layout.jobs() + ":1:22: bad value '5-2' for 'tasks': expected task numbers and ranges in ascending "
                + "order, such as 0-7,9");
        jobs("job=5 offset=x tasks=0 cpus=1 submitted=x");
        bothRefuse(layout.jobs() + ":1:14: bad value 'x' for 'offset': expected a whole number from 0 to 2147483647");
        jobs("job=5 tasks=0 cpus=1 submitted=x");
        bothRefuse(layout.jobs() + ":1:1: missing 'offset=' (the line is job=ID offset=N tasks=A-B,C cpus=C submitted=TIME)");
    }

    @Test
    void hugeRangesAreRefusedAsRangesNotExpanded() throws IOException {
        jobs("refused=0-100000000 node-cpus=2 submitted=x");
        bothRefuse(layout.jobs() + ":1:9: bad value '0-100000000' for 'refused': task 100000000 is not a task of the "
                + "campaign (its tasks are 0 to 23)");
        jobs("job=5 offset=0 tasks=0-2147483647 cpus=1 submitted=x");
        bothRefuse(layout.jobs() + ":1:22: bad value '0-2147483647' for 'tasks': task 2147483647 is not a task of the "
                + "campaign (its tasks are 0 to 23)");
        assertEquals(2147483648L, TaskRanges.parse("0-2147483647").orElseThrow().count());
        assertTrue(TaskRanges.parse("0-2147483647").orElseThrow().contains(2147483647));
        assertEquals("0-7,9", TaskRanges.of(List.of(9, 0, 1, 2, 3, 4, 5, 6, 7)).text());
    }

    @Test
    void aRunMarkThatDoesNotParseOrNamesNoTaskIsAnError() throws IOException {
        String tp = "# campaign c: task 0 (tp); -- s\n" + run();
        Files.writeString(layout.pp("tp"), tp);
        bothRefuse(layout.pp("tp") + ":1:28: bad value '--' for 'seconds': expected a number");
        String beyond = "# campaign c: task 2147483647 (tp); 1 s\n" + run();
        Files.writeString(layout.pp("tp"), beyond);
        bothRefuse(layout.pp("tp") + ":1:20: task 2147483647 is not a task of campaign c (its tasks are 0 to 23)");
        assertEquals(beyond, Files.readString(layout.pp("tp")), "the run of the unknown task is kept");
    }

    @Test
    void anExitRecordValueOutOfRangeIsAnErrorAndCollectChangesNothing() throws IOException {
        int t = task("tp");
        Files.writeString(layout.part(t), run());
        String record = "task=" + t + " status=0 signal=none node=vm job=5_" + t + " start=1 end=1e309";
        Files.writeString(layout.exitRecord(t), record + "\n");
        for (int k = 0; k < 2; k++) {
            CliRun r = campaign("collect");
            assertEquals(2, r.code(), r.err());
            assertEquals(layout.exitRecord(t) + ":1:" + (record.indexOf("1e309") + 1) + ": bad value '1e309' for 'end': "
                    + "number out of range (the largest is about 1.8e308)", r.err().lines().findFirst().orElse(""));
            assertFalse(Files.exists(layout.pp("tp")));
        }
    }

    @Test
    void aTimeThatIsNoFiniteNumberIsWrittenNaNAndCollectIsIdempotent() throws IOException {
        int t = task("tp");
        Files.writeString(layout.part(t), run());
        Files.writeString(layout.exitRecord(t), "task=" + t + " status=0 signal=none node=vm job=5_" + t
                + " start=-1e308 end=1.7e308\n");
        CliRun first = campaign("collect");
        assertEquals(0, first.code(), first.err());
        String pp = Files.readString(layout.pp("tp"));
        assertTrue(pp.startsWith("# campaign c: task " + t + " (tp at "), pp);
        assertTrue(pp.lines().findFirst().orElseThrow().endsWith("); NaN s"), pp);
        for (int k = 0; k < 2; k++) {
            CliRun again = campaign("collect");
            assertEquals(0, again.code(), again.err());
            assertEquals(pp, Files.readString(layout.pp("tp")));
            assertFalse(again.out().contains("merged"), again.out());
        }
        assertEquals(0, campaign("status").code());
    }

    @Test
    void aCollectThatFailsWritesNoFile() throws IOException {
        int tp = task("tp");
        int dp = task("dp");
        Files.writeString(layout.part(tp), run());
        String bad = run().replaceFirst("pc=[^ ]+", "pc=--1");
        Files.writeString(layout.part(dp), bad);
        CliRun r = campaign("collect");
        assertEquals(2, r.code(), r.err());
        String line = bad.lines().filter(l -> l.contains("pc=--1")).findFirst().orElseThrow();
        int at = bad.lines().toList().indexOf(line) + 1;
        assertEquals(layout.part(dp) + ":" + at + ":" + (line.indexOf("--1") + 1) + ": bad value '--1' for 'pc': "
                + "expected a number", r.err().lines().findFirst().orElse(""));
        assertFalse(Files.exists(layout.pp("tp")), "tp.pp was written before dp's part failed");
        assertFalse(Files.exists(layout.pp("dp")));
    }

    @Test
    void aPartThatHoldsACampaignMarkIsRefused() throws IOException {
        int tp = task("tp");
        Files.writeString(layout.part(tp), "# campaign c: task 1 (tp); 1.000 s\n" + run());
        CliRun r = campaign("collect");
        assertEquals(2, r.code(), r.err());
        assertEquals(layout.part(tp) + ":1:1: a campaign's mark in a task's part (a part holds the lines of one run; "
                + "collect writes its mark)", r.err().lines().findFirst().orElse(""));
        assertFalse(Files.exists(layout.pp("tp")));
    }

    @Test
    void specialFilesAreNotRead() throws Exception {
        int tp = task("tp");
        // a failed task whose log is a link to /dev/zero: its output is not read, the task is reported
        Files.writeString(layout.exitRecord(tp), "task=" + tp + " status=1 signal=none node=vm job=5_" + tp
                + " start=1 end=2\n");
        Files.createSymbolicLink(layout.log(tp), Path.of("/dev/zero"));
        CliRun status = campaign("status");
        assertEquals(0, status.code(), status.err());
        assertTrue(status.out().contains("  task " + tp + " (" + layout.campaign().describe(layout.campaign().task(tp))
                + "): exited with status 1 on vm after 1.0 s (Slurm task 5_" + tp + ")\n"), status.out());
        // a part that is a directory, an exit record that is a FIFO
        Files.createDirectories(layout.part(tp));
        bothRefuse("lcm: " + layout.part(tp) + ": a directory, not a file");
        Files.delete(layout.part(tp));
        Files.delete(layout.exitRecord(tp));
        assertEquals(0, new ProcessBuilder("mkfifo", layout.exitRecord(tp).toString()).start().waitFor());
        bothRefuse("lcm: " + layout.exitRecord(tp) + ": not a regular file (a device, FIFO or socket): lcm reads only "
                + "regular files");
    }

    @Test
    void planRefusesADesignAboveItsBound() {
        CliRun r = CliRun.of("plan", "--workdir", TestRepo.root().toString(), "--out", dir.resolve("big.json").toString(),
                "--structure", "tp=java -Dn={n} fixtures/fft2d/Fft2dTp.java", "--vars", "n=64,128", "--procs", "1,2",
                "--runs", "1000000");
        assertEquals(2, r.code(), r.err());
        assertEquals("lcm: --runs 1000000: 4 points x 1 structure x 1000000 runs = 4000000 runs, more than the 100000 "
                + "a campaign may have: give fewer values or fewer runs\n", r.err());
        assertFalse(Files.exists(dir.resolve("big.json")));
    }
}
