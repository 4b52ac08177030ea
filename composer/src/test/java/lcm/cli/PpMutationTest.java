package lcm.cli;

import lcm.TestRepo;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Mutations of a valid pp file (the Java FFT's measured runs), drawn from a fixed seed: a bad
 * number, an empty value, a number out of range, a variable cut off in its run header, a pair
 * without its '='; each in a data line or in a header value lcm reads (the machine's processors
 * and load, the run's p, time, command and variables). Every command that reads pp files stops
 * at the mutation with {@code file:line:col: } and exit 2, never an internal error.
 */
class PpMutationTest {

    @TempDir
    Path dir;

    private static final Path BASE = PpReadingCommands.BASE;

    /** A value lcm reads: {@code key=value} in a data line, or a number in a header it reads. */
    private static final Pattern VALUE = Pattern.compile(
            "(?<==)[^ ]+|(?<=p = )\\S+(?= processors)|(?<=time )\\S+(?= s)|(?<=command )\\S+(?= s)|(?<=n = )\\S+"
                    + "|(?<=, )\\d+(?= processors)|(?<=load average )\\S+");

    /** One mutation: the file's text with one value broken, and the line it is on (1-based). */
    private record Mutation(String text, int line, String what) {
    }

    private static Mutation mutate(List<String> lines, Random random) {
        while (true) {
            int i = random.nextInt(lines.size());
            String line = lines.get(i);
            if (!line.startsWith("tag=") && !line.startsWith("# run:") && !line.startsWith("# machine:")) {
                continue;
            }
            List<int[]> spans = new ArrayList<>();
            Matcher m = VALUE.matcher(line);
            while (m.find()) {
                if (!(line.startsWith("tag=") && m.start() == 4)) {
                    spans.add(new int[] {m.start(), m.end()});
                }
            }
            if (spans.isEmpty()) {
                continue;
            }
            int[] s = spans.get(random.nextInt(spans.size()));
            String value = line.substring(s[0], s[1]);
            int kind = random.nextInt(5);
            String broken = switch (kind) {
                case 0 -> line.substring(0, s[0]) + List.of("--1", "1.2.3", "x", "0x10", "NaN", "1e").get(random.nextInt(6))
                        + line.substring(s[1]);
                case 1 -> line.substring(0, s[0]) + line.substring(s[1]);
                case 2 -> line.substring(0, s[0]) + (line.startsWith("# machine:") && line.startsWith(" processors", s[1])
                        ? "99999999999999999999" : "1e999") + line.substring(s[1]);
                case 3 -> line.startsWith("# run:") ? line.substring(0, line.lastIndexOf(" = ") + 3)
                        : line.substring(0, s[0]) + line.substring(s[1]);
                default -> line.startsWith("tag=") ? line.substring(0, s[0] - 1) + line.substring(s[0])
                        : line.substring(0, s[0]) + "?" + line.substring(s[1]);
            };
            List<String> out = new ArrayList<>(lines);
            out.set(i, broken);
            return new Mutation(String.join("\n", out) + "\n", i + 1, "line " + (i + 1) + ": '" + value + "' in " + broken);
        }
    }

    @Test
    void everyCommandThatReadsPpLinesLocatesTheMutation() throws IOException {
        List<String> lines = Files.readAllLines(BASE);
        String root = TestRepo.root().toString();
        Path campaign = dir.resolve("c.json");
        CliRun planned = CliRun.of("plan", "--workdir", root, "--out", campaign.toString(), "--structure",
                "tp=java -Dn={n} fixtures/fft2d/Fft2dTp.java", "--vars", "n=64,128", "--procs", "1,2",
                "--estimate-from", "tp=" + BASE);
        assertEquals(0, planned.code(), planned.err());
        Path collected = dir.resolve("c-data").resolve("tp.pp");
        Files.createDirectories(collected.getParent());
        Random random = new Random(33);
        for (int k = 0; k < 12; k++) {
            Mutation m = mutate(lines, random);
            Path pp = dir.resolve("m" + k + ".pp");
            Files.writeString(pp, m.text());
            Files.writeString(collected, "# campaign c: task 0 (tp at n=64 p=1, run 1 of 1); 1.000 s\n" + m.text());
            List<List<String>> commands = new ArrayList<>(PpReadingCommands.of(pp, dir));
            commands.add(List.of("campaign", "collect", campaign.toString()));
            for (List<String> c : commands) {
                CliRun r = CliRun.of(c.toArray(String[]::new));
                Path file = c.get(0).equals("campaign") ? collected : pp;
                int line = c.get(0).equals("campaign") ? m.line() + 1 : m.line();
                String context = c.get(0) + " on " + m.what() + ":\n" + r.err();
                assertEquals(2, r.code(), context);
                assertFalse(r.err().contains("internal error"), context);
                // the first located message is the mutation's (a command may print its progress first)
                String located = r.err().lines().filter(l -> l.startsWith(file + ":")).findFirst().orElse("");
                assertTrue(located.matches(Pattern.quote(file + ":" + line + ":") + "\\d+: .+"), context);
            }
        }
    }
}
