package lcm.cli;

import lcm.TestRepo;
import lcm.campaign.Campaign;
import lcm.campaign.CampaignFile;
import lcm.campaign.CampaignLayout;
import lcm.campaign.RunTimeModel;
import lcm.source.SourceRegistry;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** lcm plan on the Java FFT, its cost estimated from the bundled measurements (no run made). */
class PlanCommandTest {

    @TempDir
    Path dir;

    private final String root = TestRepo.root().toString();
    private final String data = "tp=" + TestRepo.file("fixtures/fft2d/measured/java_tp.pp");

    private CliRun plan(String... more) {
        List<String> args = new java.util.ArrayList<>(List.of("plan", "--workdir", root, "--out",
                dir.resolve("fft.json").toString(), "--structure", "tp=java -Dn={n} fixtures/fft2d/Fft2dTp.java"));
        args.addAll(List.of(more));
        return CliRun.of(args.toArray(String[]::new));
    }

    @Test
    void theFullDesignWithItsEstimateAndWhatItSeparates() throws IOException {
        CliRun r = plan("--vars", "n=64:1024:*2", "--procs", "1,2,4,8", "--estimate-from", data, "--runs", "2");
        assertEquals(0, r.code(), r.err());
        assertTrue(r.out().startsWith("campaign fft: 1 structure, 20 points (n: 5 x p: 4, full factorial), 2 runs each: 40 runs\n"
                + "  tp: lcm measure --vars n={n},p={p} --out {out} -- java -Dn={n} fixtures/fft2d/Fft2dTp.java\n"
                + "    its sources' variables: n, p (itors = 16 as the sources define it)\n"
                + "  values: n = 64, 128, 256, 512, 1024; p = 1, 2, 4, 8\n"), r.out());
        assertTrue(r.out().contains("\nestimate: "), r.out());
        assertTrue(r.out().contains("from the runs in " + TestRepo.file("fixtures/fft2d/measured/java_tp.pp")), r.out());
        assertTrue(r.out().contains("  n: 5 distinct values (64, 128, 256, 512, 1024): at most 4 terms in n; "), r.out());
        assertTrue(r.out().contains("  p: 4 distinct values (1, 2, 4, 8): at most 3 terms in p; "), r.out());
        // 4 values of p: no warning about p
        assertFalse(r.err().contains("p has"), r.err());
        CampaignLayout layout = CampaignFile.read(dir.resolve("fft.json"), new SourceRegistry());
        Campaign c = layout.campaign();
        assertEquals(20, c.points().size());
        assertEquals(40, c.tasks().size());
        assertEquals(Path.of(root), layout.workdir());
        assertEquals(dir.resolve("fft-data"), layout.data());
        // the estimate is the sum of the model over the runs
        double sum = c.tasks().stream().mapToDouble(c::estimatedSeconds).sum();
        assertEquals(sum, c.estimate().orElseThrow().seconds(), 1e-9 * sum);
        assertTrue(Files.readString(dir.resolve("fft.json")).contains(
                "{\"name\": \"tp\", \"command\": [\"lcm\", \"measure\", \"--vars\", \"n={n},p={p}\", \"--out\", \"{out}\", \"--\", "
                        + "\"java\", \"-Dn={n}\", \"fixtures/fft2d/Fft2dTp.java\"]}"));
    }

    @Test
    void aBudgetCutsRunsThenInteriorPoints() {
        CliRun full = plan("--vars", "n=64:1024:*2", "--procs", "1,2,4", "--estimate-from", data);
        assertEquals(0, full.code(), full.err());
        Campaign c = CampaignFile.read(dir.resolve("fft.json"), new SourceRegistry()).campaign();
        RunTimeModel m = c.estimate().orElseThrow().models().get("tp");
        double full3 = c.points().stream().mapToDouble(p -> 3 * m.seconds(p.values())).sum();
        // the edges: n at 64 or 1024, or p at 1 or 4; inside are n = 128, 256, 512 at p = 2
        List<Campaign.DesignPoint> edges = c.points().stream().filter(p -> !(p.values().get("p") == 2.0
                && p.values().get("n") > 64 && p.values().get("n") < 1024)).toList();
        assertEquals(12, edges.size());
        double edges3 = edges.stream().mapToDouble(p -> 3 * m.seconds(p.values())).sum();
        double full2 = full3 * 2 / 3;
        assertEquals(full3, c.estimate().orElseThrow().seconds(), 1e-9 * full3);
        // without --runs, a budget first costs the third run of every point
        CliRun two = plan("--vars", "n=64:1024:*2", "--procs", "1,2,4", "--estimate-from", data, "--budget", Double.toString(full2 + 0.5));
        assertEquals(0, two.code(), two.err());
        assertTrue(two.out().startsWith("campaign fft: 1 structure, 15 points (n: 5 x p: 3, full factorial), 2 runs each: 30 runs"),
                two.out());
        // with --runs 3, it costs the points inside
        CliRun inside = plan("--vars", "n=64:1024:*2", "--procs", "1,2,4", "--estimate-from", data, "--runs", "3", "--budget",
                Double.toString(edges3 + 0.5));
        assertEquals(0, inside.code(), inside.err());
        assertTrue(inside.out().startsWith("campaign fft: 1 structure, 12 points (n: 5 x p: 3, edges), 3 runs each: 36 runs"),
                inside.out());
        // every value of n and p is still measured: the statements do not change
        assertTrue(inside.out().contains("  n: 5 distinct values (64, 128, 256, 512, 1024)"), inside.out());
        CliRun none = plan("--vars", "n=64:1024:*2", "--procs", "1,2,4", "--estimate-from", data, "--runs", "3", "--budget", "1");
        assertEquals(2, none.code());
        assertTrue(none.err().startsWith("lcm: --budget 1 s: the smallest design (the 12 points on the edges, 3 runs each) "
                + "needs about "), none.err());
    }

    @Test
    void warnsAboutFewValuesOfPAndNeedsTheVariablesInTheCommand() {
        CliRun r = plan("--vars", "n=64,128", "--procs", "1,2");
        assertEquals(0, r.code(), r.err());
        assertTrue(r.out().contains("estimate: none (lcm plan --pilot runs a few cheap points first; --estimate-from NAME=PP reads "
                + "earlier runs)\n"), r.out());
        assertTrue(r.err().contains("lcm plan: warning: p has 2 distinct values, fewer than 4: a form in p with a constant "
                + "(k1*p + k2, k1 + k2/p, k1*log2(p) + k2, ...) fits two values exactly"), r.err());
        CliRun missing = CliRun.of("plan", "--workdir", root, "--out", dir.resolve("x.json").toString(), "--vars", "n=64,128",
                "--structure", "tp=java fixtures/fft2d/Fft2dTp.java");
        assertEquals(2, missing.code());
        assertEquals("lcm: structure tp: the command does not pass n to the program: write {n} where the program takes it "
                + "(e.g. java -Dn={n} ...)\n", missing.err());
        CliRun budget = plan("--vars", "n=64,128", "--budget", "1h");
        assertEquals(2, budget.code());
        assertTrue(budget.err().startsWith("lcm: --budget needs an estimate"), budget.err());
        CliRun unknown = plan("--vars", "n=64,128,m=2", "--procs", "1");
        assertEquals(0, unknown.code(), unknown.err());
        assertTrue(unknown.err().contains("lcm plan: warning: tp: m is in no trip count or model of the sources"), unknown.err());
    }
}
