package lcm.cli;

import lcm.TestRepo;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The command of docs/fft2d.md, "lcm compare against Table 5.3", prints a verdict and the
 * per-n errors against the thesis' Table 5.3 (named by fixtures/fft2d/references), and the
 * numbers it prints are the ones in the docs' table, digit for digit.
 */
class Fft2dTable53Test {

    private static final Pattern ROW = Pattern.compile("^\\s+n = (\\d+)\\s+(\\S+)\\s+(\\S+)\\s+([+-]\\d+\\.\\d %)(.*)$");

    static CliRun run;
    /** Per model letter (A tp_sync.f, B dp.f): n -> {lcm T_P, reference, error, category errors}. */
    static Map<Character, Map<String, List<String>>> printed = new LinkedHashMap<>();

    @BeforeAll
    static void compare() {
        run = CliRun.of("compare", TestRepo.file("fixtures/fft2d/tp_sync.f").toString(),
                TestRepo.file("fixtures/fft2d/dp.f").toString(), "--range", "n=64:1024:*2", "--fix", "p=26");
        char model = '?';
        boolean inReference = false;
        for (String line : run.out().split("\n")) {
            if (line.startsWith("against reference data")) {
                inReference = true;
            } else if (inReference && line.matches("^  [A-Z]  .*")) {
                model = line.charAt(2);
            } else if (inReference) {
                Matcher m = ROW.matcher(line);
                if (m.matches()) {
                    List<String> values = new ArrayList<>(List.of(m.group(2), m.group(3), m.group(4)));
                    values.addAll(List.of(m.group(5).trim().split("\\s{2,}")));
                    printed.computeIfAbsent(model, k -> new LinkedHashMap<>()).put(m.group(1), values);
                }
            }
        }
    }

    @Test
    void itPrintsAVerdictAndTheErrorsAtEveryN() {
        assertEquals(0, run.code(), run.err());
        assertTrue(run.out().startsWith("lcm compare: tp_sync.f vs dp.f\n\n"), run.out());
        assertTrue(run.out().lines().skip(2).findFirst().orElse("").matches("(tp_sync\\.f|dp\\.f) is faster.*"),
                run.out());
        for (char model : new char[] {'A', 'B'}) {
            assertEquals(List.of("64", "128", "256", "512", "1024"), List.copyOf(printed.get(model).keySet()),
                    run.out());
        }
        // Table 5.3's totals are (sum of its categories) / 26, e.g. data parallel at n = 1024, ln n = 6.931472:
        // (2047.37 + 112.66 + 3.36 + 0 + 70.37 + 52.17) / 26 = 2285.94 / 26 = 87.921
        assertEquals("87.921", printed.get('B').get("1024").get(1));
        // task parallel at n = 64, ln 64 = 4.158883: pc 4096 ln 64 / 3350 = 5.0850, li 64 ln 64 / 81.9 = 3.2499,
        // ip 4096/992 = 4.1290, sl 4096/31600 = 0.1296, cl 4096/12200 = 0.3357, rc 4096/35600 = 0.1151:
        // 13.0443 / 26 = 0.50170
        assertEquals(0.50171, Double.parseDouble(printed.get('A').get("64").get(1)), 5e-5);
    }

    @Test
    void theNumbersAreThoseOfDocsFft2d() throws IOException {
        String docs = Files.readString(TestRepo.file("docs/fft2d.md"));
        int at = docs.indexOf("## lcm compare against Table 5.3");
        assertTrue(at >= 0, "docs/fft2d.md has the section");
        Map<String, String[]> table = new LinkedHashMap<>();
        for (String line : docs.substring(at).split("\n")) {
            if (line.matches("^\\| (64|128|256|512|1024) \\|.*")) {
                String[] cells = line.split("\\|");
                table.putIfAbsent(cells[1].trim(), cells);
            }
        }
        assertEquals(List.of("64", "128", "256", "512", "1024"), List.copyOf(table.keySet()));
        for (Map.Entry<String, String[]> e : table.entrySet()) {
            String[] cells = e.getValue();
            List<String> tp = printed.get('A').get(e.getKey());
            List<String> dp = printed.get('B').get(e.getKey());
            // | n | Table TP | lcm tp_sync.f | error | Table DP | lcm dp.f | error | faster |
            assertEquals(tp.get(1), cells[2].trim(), "Table 5.3 TP at n = " + e.getKey());
            assertEquals(tp.get(0), cells[3].trim(), "lcm tp_sync.f at n = " + e.getKey());
            assertEquals(tp.get(2), cells[4].trim(), "tp error at n = " + e.getKey());
            assertEquals(dp.get(1), cells[5].trim(), "Table 5.3 DP at n = " + e.getKey());
            assertEquals(dp.get(0), cells[6].trim(), "lcm dp.f at n = " + e.getKey());
            assertEquals(dp.get(2), cells[7].trim(), "dp error at n = " + e.getKey());
        }
        String verdict = run.out().lines().filter(l -> l.startsWith("  the reference finds")).findFirst().orElseThrow();
        assertTrue(docs.contains(verdict.strip()), verdict);
    }
}
