package lcm.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import lcm.TestRepo;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@code lcm explore} as a user runs it (docs/explore.md). */
class ExploreCommandTest {

    static final String TP = TestRepo.file("fixtures/fft2d/tp.f").toString();
    static final String KSR1 = TestRepo.file("fixtures/machines/ksr1.machine").toString();

    @Test
    void theTableRanksTheProgramAndItsVariants() {
        CliRun r = CliRun.of("explore", TP, "--machine", KSR1, "--at", "n=1024,p=26", "--top", "2");
        assertEquals(0, r.code(), r.err());
        List<String> lines = r.out().lines().toList();
        assertEquals("lcm explore " + TP + ": 25 variants (the program as it is and 24 restructurings, to depth 2), "
                + "each composed once and evaluated at 1 point", lines.get(0));
        assertEquals("  point 1: n = 1024, p = 26, itors = 16", lines.get(1));
        assertEquals(List.of(
                "#  rank  T_P (s)  gain    why (change of T_P by category, s)  edits",
                "0  1     83.013   -       -                                   as it is",
                "1  2=    87.926   -5.9 %  li +2.801, cl +1.192, rc +0.9195    tasks-to-loop main:12 (tp.f:12)",
                "2  2=    87.926   -5.9 %  li +2.801, cl +1.192, rc +0.9195    tasks-in-sequence main:12 (tp.f:12)",
                "(22 more in --format json, or give --top)"), lines.subList(3, 8));
        assertTrue(r.out().contains("\n-c*ksr* parallel sections\n-c*ksr* section\n"), r.out());
        assertTrue(r.out().contains("not proposed (annotate to allow):\n  loop-to-tasks main:14 (tp.f:14): every split"),
                r.out());
    }

    @Test
    void markdownHoldsTheSameTableAndTheDiffsAsBlocks() {
        CliRun r = CliRun.of("explore", TP, "--machine", KSR1, "--at", "n=1024,p=26", "--top", "2", "--format", "markdown");
        assertEquals(0, r.code(), r.err());
        List<String> lines = r.out().lines().toList();
        assertEquals("# lcm explore " + TP, lines.get(0));
        int table = lines.indexOf("| # | rank | T_P (s) | gain | why (change of T_P by category, s) | edits |");
        assertTrue(table > 0, r.out());
        assertEquals(List.of("|---|---|---|---|---|---|",
                "| 0 | 1 | 83.013 | - | - | as it is |",
                "| 1 | 2= | 87.926 | -5.9 % | li +2.801, cl +1.192, rc +0.9195 | tasks-to-loop main:12 (tp.f:12) |",
                "| 2 | 2= | 87.926 | -5.9 % | li +2.801, cl +1.192, rc +0.9195 | tasks-in-sequence main:12 (tp.f:12) |"),
                lines.subList(table + 1, table + 5));
        assertTrue(r.out().contains("## Variant 1\n"), r.out());
        assertTrue(r.out().contains("```diff\n--- " + TP + "\n"), r.out());
        assertTrue(r.out().contains("\n-c*ksr* parallel sections\n-c*ksr* section\n"), r.out());
        assertTrue(r.out().contains("## Not proposed (annotate to allow)\n\n- loop-to-tasks main:14 (tp.f:14): every split"),
                r.out());
    }

    @Test
    void jsonListsEveryVariantWithItsEditsAndValues() throws Exception {
        CliRun r = CliRun.of("explore", TP, "--machine", KSR1, "--at", "n=1024,p=26", "--format", "json");
        assertEquals(0, r.code(), r.err());
        JsonNode j = new ObjectMapper().readTree(r.out());
        assertEquals(25, j.get("variants").size()); // 15 before threads-split (3:1, 1:3) and its combinations
        assertEquals("point-predictions", j.get("equality").asText());
        JsonNode dp = j.get("variants").get(1);
        assertEquals(1, dp.get("number").asInt());
        assertEquals(2, dp.get("rank").asInt());
        assertEquals("tasks-to-loop", dp.get("edits").get(0).get("name").asText());
        assertEquals("main:12", dp.get("edits").get(0).get("target").asText());
        assertEquals(87.926, dp.get("at").get(0).get("time").asDouble(), 5e-4);
        assertEquals(2.801, dp.get("at").get(0).get("why").get("li").asDouble(), 5e-4);
        assertTrue(dp.get("diff").asText().contains("-c*ksr* end parallel sections\n"));
        assertEquals("loop-to-tasks", j.get("not_proposed").get(0).get("name").asText());
    }

    @Test
    void writeWritesTheVariantsSourcesElsewhere(@TempDir Path dir) throws Exception {
        CliRun r = CliRun.of("explore", TP, "--machine", KSR1, "--at", "n=1024,p=26", "--write", "1", "--out",
                dir.toString());
        assertEquals(0, r.code(), r.err());
        assertEquals("wrote " + dir.resolve("tp.f") + "\n", r.out());
        String written = Files.readString(dir.resolve("tp.f"));
        assertTrue(!written.contains("parallel sections") && written.contains("      do k=1,itors\n"));
        assertEquals(Files.readString(Path.of(TP)).lines().count() - 6, written.lines().count());
    }

    @Test
    void badRequestsExitWithTwoAndSayWhy(@TempDir Path dir) {
        CliRun none = CliRun.of("explore", TP);
        assertEquals(2, none.code());
        assertEquals("lcm: give the points to evaluate at: --at n=..,p=.. (repeatable) or --range n=A:B,p=C:D",
                none.err().strip());
        CliRun noSuch = CliRun.of("explore", TP, "--at", "n=64,p=4", "--write", "99", "--out", dir.toString());
        assertEquals(2, noSuch.code());
        assertEquals("lcm: --write 99: there is no variant 99 (0 to 24)", noSuch.err().strip());
        CliRun alone = CliRun.of("explore", TP, "--at", "n=64,p=4", "--write", "1");
        assertEquals(2, alone.code());
        assertEquals("lcm: --write N and --out DIR go together", alone.err().strip());
        CliRun java = CliRun.of("explore", TestRepo.file("fixtures/jacobi/JacobiTasks.java").toString(), "--at",
                "n=256,p=4", "--write", "1", "--out", dir.toString());
        assertEquals(2, java.code());
        assertEquals("lcm: variant tasks-in-sequence main:37 (JacobiTasks.java:37) is not a directive edit of "
                + "Fortran sources: lcm explore describes it but does not write it", java.err().strip());
        CliRun unknown = CliRun.of("explore", TP, "--at", "m=64,p=4");
        assertEquals(2, unknown.code());
        assertTrue(unknown.err().startsWith("lcm: --at: unknown variable 'm'"), unknown.err());
    }

    @Test
    void resamplesNeedRunsToResample() {
        CliRun noData = CliRun.of("explore", TP, "--at", "n=64,p=4", "--resamples", "5");
        assertEquals(2, noData.code());
        assertEquals("lcm: --resamples needs --data RUNS: the models are fitted to resamples of those runs",
                noData.err().strip());
        CliRun negative = CliRun.of("explore", TP, "--at", "n=64,p=4", "--resamples", "-1");
        assertEquals(2, negative.code());
        assertEquals("lcm: --resamples -1: a count of resamples is 0 or more", negative.err().strip());
    }

    @Test
    void withResampledModelsEqualityIsJudgedOnThePairedInterval() throws Exception {
        // the Jacobi tasks fitted to their own runs and to 2 resamples of them (seeded): the variants and
        // their times are those without resamples; only which of them share a rank may differ
        String tasks = TestRepo.file("fixtures/jacobi/JacobiTasks.java").toString();
        String runs = TestRepo.file("fixtures/jacobi/measured/java_tasks.pp").toString();
        CliRun plain = CliRun.of("explore", tasks, "--data", runs, "--at", "n=512,p=4", "--format", "json");
        CliRun paired = CliRun.of("explore", tasks, "--data", runs, "--at", "n=512,p=4", "--resamples", "2", "--format", "json");
        assertEquals(0, plain.code(), plain.err());
        assertEquals(0, paired.code(), paired.err());
        JsonNode p = new ObjectMapper().readTree(plain.out());
        JsonNode r = new ObjectMapper().readTree(paired.out());
        assertEquals("point-predictions", p.get("equality").asText());
        assertEquals(0, p.get("resamples").asInt());
        assertEquals("paired-interval", r.get("equality").asText());
        assertEquals(2, r.get("resamples").asInt());
        assertEquals(p.get("variants").size(), r.get("variants").size());
        int previous = 0;
        for (int i = 0; i < p.get("variants").size(); i++) {
            JsonNode a = p.get("variants").get(i);
            JsonNode b = r.get("variants").get(i);
            assertEquals(a.get("number").asInt(), b.get("number").asInt());
            assertEquals(a.get("at").get(0).get("time").asDouble(), b.get("at").get(0).get("time").asDouble(), 0.0);
            // a shared rank is the rank of the first of its run: never above the plain one, never falling
            assertTrue(b.get("rank").asInt() <= a.get("rank").asInt());
            assertTrue(b.get("rank").asInt() >= previous);
            previous = b.get("rank").asInt();
        }
    }
}
