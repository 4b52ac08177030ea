package lcm.campaign;

import lcm.TestRepo;
import lcm.cli.CliRun;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Mutations of a campaign's own files, drawn from a fixed seed (issue 34's fuzz campaign of
 * campaign folders): one value of a run mark, an exit record or {@code slurm/jobs} replaced by a
 * bad one. {@code lcm campaign status} and {@code collect} answer each with exit 0, or exit 2 and
 * the mutated file's {@code file:line:col:} first; never an internal error; and a collect that
 * fails changes no file.
 */
class CampaignMutationTest {

    @TempDir
    Path dir;

    /** A value in a campaign file: after '=' in a key=value word, or a mark's task and seconds. */
    private static final Pattern VALUE = Pattern.compile("(?<==)[^ ]*|(?<=: task )\\S+|(?<=\\); )\\S+(?= s$)");
    private static final List<String> BAD = List.of("--1", "", "abc", "1e309", "-5", "2147483647", "0-2147483647",
            "5-2", "1.5", "NaN", "0x10", "99999999999999999999");

    @Test
    void everyMutationIsLocatedOrAcceptedAndAFailedCollectWritesNothing() throws IOException {
        Path file = dir.resolve("c.json");
        CliRun plan = CliRun.of("plan", "--workdir", TestRepo.root().toString(), "--out", file.toString(),
                "--structure", "tp=java -Dn={n} fixtures/fft2d/Fft2dTp.java", "--vars", "n=64,128", "--procs", "1,2");
        assertEquals(0, plan.code(), plan.err());
        CampaignLayout layout = CampaignFixture.read(file);
        String run = Files.readString(TestRepo.file("fixtures/fft2d/measured/java_tp.pp")).lines().limit(30)
                .reduce("", (a, b) -> a + b + "\n");
        Map<Path, String> good = new LinkedHashMap<>();
        good.put(layout.pp("tp"), "# campaign c: task 1 (tp at n=64 p=1, run 1 of 3); 2.500 s\n" + run);
        good.put(layout.part(2), run);
        good.put(layout.exitRecord(2), "task=2 status=0 signal=none node=vm job=5_2 start=100.5 end=103.25\n");
        good.put(layout.exitRecord(3), "task=3 status=1 signal=none node=vm job=5_3 start=100.5 end=101\n");
        // no job line: each would ask squeue, which waits for a Slurm controller (CampaignFilesTest has job lines)
        good.put(layout.jobs(), "refused=10-11 node-cpus=2 submitted=x\n");
        List<Path> mutable = List.of(layout.pp("tp"), layout.exitRecord(2), layout.exitRecord(3), layout.jobs());
        Random random = new Random(34);
        int located = 0;
        for (int k = 0; k < 40; k++) {
            Files.createDirectories(layout.parts());
            Files.createDirectories(layout.slurm());
            for (Map.Entry<Path, String> e : good.entrySet()) {
                Files.writeString(e.getKey(), e.getValue());
            }
            Path target = mutable.get(random.nextInt(mutable.size()));
            List<String> lines = good.get(target).lines().toList();
            int line = target.equals(layout.pp("tp")) ? 0 : random.nextInt(lines.size());
            List<int[]> spans = new ArrayList<>();
            Matcher m = VALUE.matcher(lines.get(line));
            while (m.find()) {
                spans.add(new int[] {m.start(), m.end()});
            }
            int[] s = spans.get(random.nextInt(spans.size()));
            String broken = lines.get(line).substring(0, s[0]) + BAD.get(random.nextInt(BAD.size()))
                    + lines.get(line).substring(s[1]);
            List<String> out = new ArrayList<>(lines);
            out.set(line, broken);
            Files.writeString(target, String.join("\n", out) + "\n");
            Map<Path, String> before = snapshot(layout.data());
            for (String command : List.of("status", "collect")) {
                CliRun r = CliRun.of("campaign", command, file.toString());
                String context = command + " on " + target + " line " + (line + 1) + ": " + broken + "\n" + r.err();
                assertFalse(r.err().contains("internal error"), context);
                assertTrue(r.code() == 0 || r.code() == 2, context);
                if (r.code() == 2) {
                    String first = r.err().lines().findFirst().orElse("");
                    assertTrue(first.startsWith(target + ":" + (line + 1) + ":"), context);
                    assertEquals(before, snapshot(layout.data()), "a failed " + context);
                    located++;
                }
            }
        }
        assertTrue(located >= 20, located + " located errors of 80 runs: the mutations should break most files");
    }

    private static Map<Path, String> snapshot(Path folder) throws IOException {
        Map<Path, String> out = new LinkedHashMap<>();
        try (Stream<Path> files = Files.walk(folder)) {
            for (Path p : files.filter(Files::isRegularFile).sorted().toList()) {
                out.put(p, Files.readString(p));
            }
        }
        return out;
    }
}
