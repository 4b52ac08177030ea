package lcm.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** lcm validate: predicted against the measured times of the run headers lcm measure writes. */
class ValidateCommandTest {

    @TempDir
    Path dir;

    private Path program() throws IOException {
        Path to = dir.resolve("Work.java");
        try (InputStream in = getClass().getResourceAsStream("Work.java")) {
            Files.write(to, in.readAllBytes());
        }
        return to;
    }

    @Test
    void tableOfPredictedAndMeasured() throws IOException {
        Path pp = dir.resolve("work.pp");
        Files.writeString(pp, """
                # lcm measure 2026-11-23T19:00:00Z: java Work.java
                # run: p = 1 processors; time 1.1 s (first fragment's start to last fragment's end); command 1.5 s; n = 1000
                tag=work n=1000 p=1 pc=1.1 li=0 ip=0 sl=0
                # run: p = 2 processors; time 0.8 s (first fragment's start to last fragment's end); command 1.2 s; n = 2000
                tag=work n=2000 p=2 pc=1.2 li=0.4 ip=0 sl=0
                # run: p = 2 processors; time 0.9 s (first fragment's start to last fragment's end); command 1.2 s; n = 2000
                tag=work n=2000 p=2 pc=1.2 li=0.4 ip=0 sl=0
                """);
        Path png = dir.resolve("v.png");
        CliRun run = CliRun.of("validate", program().toString(), "--measured", pp.toString(), "--plot", png.toString());
        assertEquals(0, run.code(), run.err());
        // the model: pc = n/1000 and nothing else, so T_P = (n/1000)/p:
        //   n = 1000, p = 1: 1.0 s predicted, 1.1 s measured: (1.0 - 1.1)/1.1 = -9.1 %
        //   n = 2000, p = 2: 1.0 s predicted, median of 0.8 and 0.9 = 0.85 s: (1.0 - 0.85)/0.85 = +17.6 %
        //   median |error| of 9.09 and 17.65 = 13.4 %, max 17.6 %
        // the fastest and slowest run beside the median; no machine line, so no load
        assertEquals("""
                       n       p   predicted s    measured s   fastest   slowest   load     error
                    1000       1        1.0000        1.1000    1.1000    1.1000      -    -9.1 %
                    2000       2        1.0000        0.8500    0.8000    0.9000      -   +17.6 %
                2 points: median |error| 13.4 %, max |error| 17.6 %
                """, run.out());
        assertTrue(Files.size(png) > 1000, "the plot");
    }

    @Test
    void categoriesPredictedAndMeasured() throws IOException {
        Path pp = dir.resolve("work.pp");
        Files.writeString(pp, """
                # run: p = 1 processors; time 1.1 s (first fragment's start to last fragment's end); command 1.5 s; n = 1000
                tag=work n=1000 p=1 pc=1.1 li=0 ip=0 sl=0
                # run: p = 2 processors; time 0.8 s (first fragment's start to last fragment's end); command 1.2 s; n = 2000
                tag=work n=2000 p=2 pc=1.2 li=0.3 ip=0 sl=0
                tag=work n=2000 p=2 pc=0.1 li=0 ip=0.05 sl=0.01
                # run: p = 2 processors; time 0.9 s (first fragment's start to last fragment's end); command 1.2 s; n = 2000
                tag=work n=2000 p=2 pc=1.5 li=0.5 ip=0.05 sl=0.03
                """);
        CliRun run = CliRun.of("validate", program().toString(), "--measured", pp.toString(), "--categories");
        assertEquals(0, run.code(), run.err());
        // predicted (pc = n/1000): 1.0 at n = 1000, 2.0 at n = 2000; the other categories 0.
        // measured, per run the sum of its lines, then the median of the runs at a point:
        //   n = 1000: pc 1.1; outside = 1 x 1.1 - 1.1 = 0
        //   n = 2000: run 1 pc 1.3, li 0.3, ip 0.05, sl 0.01; run 2 pc 1.5, li 0.5, ip 0.05, sl 0.03;
        //   medians pc 1.4, li 0.4, ip 0.05, sl 0.02; time median 0.85: outside = 2 x 0.85 - 1.87 = -0.17
        String out = run.out();
        String table = out.substring(out.indexOf("categories"));
        assertEquals("""
                categories in processor-seconds, predicted / measured (outside: p x measured time - the measured categories' sum)
                       n       p                  pc                  li                  ip                  sl   outside
                    1000       1     1.0000 / 1.1000     0.0000 / 0.0000     0.0000 / 0.0000     0.0000 / 0.0000    0.0000
                    2000       2     2.0000 / 1.4000     0.0000 / 0.4000     0.0000 / 0.0500     0.0000 / 0.0200   -0.1700
                """, table);
    }

    @Test
    void aSerialLoopsIdleProcessorsAreIpOnBothSides() throws IOException {
        Path src = dir.resolve("s.f");
        Files.writeString(src, String.join("\n",
                "      program s",
                "      integer n, i",
                "      real x(100000)",
                "      n = 1000",
                "      do i = 1, n",
                "         x(i) = i",
                "      end do",
                "!$omp parallel do",
                "      do i = 1, n",
                "         x(i) = x(i) * 2",
                "      end do",
                "      end",
                ""));
        // s:4 (the serial stretch with the serial loop) runs on 1 processor of 2 for 0.574 s; s:8 in parallel
        // (on one processor, at p = 1, it has no imbalance: li = 0 there)
        String runs = "";
        for (int run = 0; run < 2; run++) {
            runs += """
                    # run: p = 1 processors; time 0.9952 s (first fragment's start to last fragment's end); command 1.0 s; n = 1000
                    tag=s:4 n=1000 procs=1 width=1 execs=1 pc=0.574 li=0 ip=0 sl=0 wall=0.574
                    tag=s:8 n=1000 procs=1 width=1 execs=1 pc=0.42 li=0 ip=0.0012 sl=0 wall=0.4212
                    # run: p = 2 processors; time 0.79 s (first fragment's start to last fragment's end); command 1.0 s; n = 1000
                    tag=s:4 n=1000 procs=2 width=1 execs=1 pc=0.574 li=0 ip=0 sl=0 wall=0.574
                    tag=s:8 n=1000 procs=2 width=2 execs=1 pc=0.42 li=0.0108 ip=0.0012 sl=0 wall=0.216
                    """;
        }
        Path pp = dir.resolve("s.pp");
        Files.writeString(pp, runs);
        CliRun run = CliRun.of("validate", src.toString(), "--measured", pp.toString(), "--data", pp.toString(),
                "--categories", "--resamples", "0");
        assertEquals(0, run.code(), run.err());
        // at p = 2 composition books s:4's idle partner, 1 x 0.574, as ip, beside s:8's 0.0012: 0.5752; the measured
        // ip is s:8's 0.0012 and the same partner, (2 - 1) x wall 0.574: 0.5752 (before: 0.0012, and the partner's
        // 0.574 in 'outside'); outside 2 x 0.79 - (0.994 + 0.0108 + 0.5752) = 0
        String out = run.out();
        String table = out.substring(out.indexOf("categories"));
        assertEquals("""
                categories in processor-seconds, predicted / measured (outside: p x measured time - the measured categories' sum)
                       n       p                  pc                  li                  ip                  sl   outside
                    1000       1     0.9940 / 0.9940     0.0000 / 0.0000     0.0012 / 0.0012     0.0000 / 0.0000    0.0000
                    1000       2     0.9940 / 0.9940     0.0108 / 0.0108     0.5752 / 0.5752     0.0000 / 0.0000    0.0000
                """, table);
    }

    @Test
    void runsUnderLoadAreShownAndWarnedAbout() throws IOException {
        Path pp = dir.resolve("busy.pp");
        Files.writeString(pp, """
                # lcm measure 2026-11-23T19:00:00Z: java Work.java
                # machine: host, cpu, 2 processors, Linux 6.1; load average 0.52 0.40 0.31 (1, 5, 15 min, after the run)
                # run: p = 1 processors; time 1.1 s (first fragment's start to last fragment's end); command 1.5 s; n = 1000
                tag=work n=1000 p=1 pc=1.1 li=0 ip=0 sl=0
                # lcm measure 2026-11-23T19:01:00Z: java Work.java
                # machine: host, cpu, 2 processors, Linux 6.1; load average 7.90 3.40 1.31 (1, 5, 15 min, after the run)
                # run: p = 1 processors; time 1.3 s (first fragment's start to last fragment's end); command 1.5 s; n = 1000
                tag=work n=1000 p=1 pc=1.3 li=0 ip=0 sl=0
                """);
        CliRun run = CliRun.of("validate", program().toString(), "--measured", pp.toString());
        assertEquals(0, run.code(), run.err());
        // two runs at one point: median (1.1 + 1.3)/2 = 1.2, fastest 1.1, slowest 1.3; the highest load 7.9;
        // error (1.0 - 1.2)/1.2 = -16.7 %
        assertTrue(run.out().contains("    1000       1        1.0000        1.2000    1.1000    1.3000    7.9   -16.7 %"),
                run.out());
        assertTrue(run.err().contains("lcm: warning: " + pp + ": 1 of 2 runs was taken under load (load average above "
                + "the machine's processors; the highest 7.9 on 2 processors, line 7)"), run.err());
    }

    @Test
    void formsNeedData() throws IOException {
        Path pp = dir.resolve("plain.pp");
        Files.writeString(pp, "tag=work n=1000 p=1 pc=1.1 li=0 ip=0 sl=0\n");
        Path forms = dir.resolve("more.forms");
        Files.writeString(forms, "pc n: k1*n^5\n");
        CliRun run = CliRun.of("validate", program().toString(), "--measured", pp.toString(), "--forms", forms.toString());
        assertEquals(2, run.code());
        assertTrue(run.err().contains("--forms needs --data (the runs the models are fitted on)"), run.err());
    }

    @Test
    void aBadFormsFileIsReportedWhereItIsWrong() throws IOException {
        Path pp = dir.resolve("plain.pp");
        Files.writeString(pp, "tag=work n=1000 p=1 pc=1.1 li=0 ip=0 sl=0\n");
        Path forms = dir.resolve("bad.forms");
        Files.writeString(forms, "pc n k1*n^5\n");
        CliRun run = CliRun.of("validate", program().toString(), "--measured", pp.toString(), "--data", pp.toString(),
                "--forms", forms.toString());
        assertEquals(2, run.code());
        assertTrue(run.err().contains("bad.forms:1:1: expected CATEGORY VARIABLE: FORM"), run.err());
    }

    @Test
    void ppWithoutRunHeaders() throws IOException {
        Path pp = dir.resolve("plain.pp");
        Files.writeString(pp, "tag=work n=1000 p=1 pc=1.1 li=0 ip=0 sl=0\n");
        CliRun run = CliRun.of("validate", program().toString(), "--measured", pp.toString());
        assertEquals(2, run.code());
        assertTrue(run.err().contains("no run headers ('# run: p = ...'): not a pp file written by lcm measure"), run.err());
    }

    @Test
    void runWithoutAVariableOfTheModel() throws IOException {
        Path pp = dir.resolve("nox.pp");
        Files.writeString(pp, "# run: p = 1 processors; time 1.1 s (x); command 1.5 s\n");
        CliRun run = CliRun.of("validate", program().toString(), "--measured", pp.toString());
        assertEquals(2, run.code());
        assertTrue(run.err().contains("nox.pp:1: the run gives no value for n"), run.err());
    }

    @Test
    void aNegativePredictionIsNotPrintedSilently() throws IOException {
        Path program = program();
        Files.writeString(program, Files.readString(program).replace("pc = n/1000", "pc = n/1000 - 1.5"));
        Path pp = dir.resolve("work.pp");
        Files.writeString(pp, """
                # run: p = 1 processors; time 1.1 s (first fragment's start to last fragment's end); command 1.5 s; n = 1000
                tag=work n=1000 p=1 pc=1.1 li=0 ip=0 sl=0
                """);
        CliRun run = CliRun.of("validate", program.toString(), "--measured", pp.toString());
        assertEquals(0, run.code(), run.err());
        // pc = 1000/1000 - 1.5 = -0.5 s at n = 1000, p = 1: (-0.5 - 1.1)/1.1 = -145.5 %
        assertTrue(run.out().contains("    1000       1       -0.5000        1.1000    1.1000    1.1000      -  -145.5 %"),
                run.out());
        assertTrue(run.err().contains("lcm: warning: the predicted time at n = 1000, p = 1 is -0.5 s: a fragment model "
                + "is negative or not finite there"), run.err());
    }

    @Test
    void jsonWithTheNaiveAnswers() throws IOException {
        Path pp = dir.resolve("work.pp");
        Files.writeString(pp, """
                # run: p = 1 processors; time 1.1 s (first fragment's start to last fragment's end); command 1.5 s; n = 1000
                tag=work n=1000 p=1 pc=1.1 li=0 ip=0 sl=0
                # run: p = 2 processors; time 0.8 s (first fragment's start to last fragment's end); command 1.2 s; n = 2000
                tag=work n=2000 p=2 pc=1.6 li=0 ip=0 sl=0
                # run: p = 2 processors; time 0.9 s (first fragment's start to last fragment's end); command 1.2 s; n = 2000
                tag=work n=2000 p=2 pc=1.8 li=0 ip=0 sl=0
                """);
        // the program's runs are both the data (A) and the runs validated (B)
        CliRun run = CliRun.of("validate", program().toString(), "--measured", pp.toString(), "--data", pp.toString(),
                "--resamples", "0", "--format", "json");
        assertEquals(0, run.code(), run.err());
        JsonNode o = new ObjectMapper().readTree(run.out());
        JsonNode second = o.get("points").get(1);
        assertEquals(2000, second.get("point").get("n").asDouble());
        assertEquals(0.85, second.get("measured").asDouble(), 1e-12);
        // the interval from the models' error: noise from A's runs at n = 2000 (0.8, 0.9 about 0.85: s = 0.0831890,
        // t(95 %, 1 df) = 6.313752), for the median of B's 2 runs / sqrt(2), and A's own error; p = 2 is the largest fitted
        JsonNode error = o.get("model_error");
        assertEquals(0.525235, error.get("noise").asDouble(), 1e-6);
        assertEquals(2, error.get("fitted_p").asDouble());
        double h = Math.hypot(0.525235 / Math.sqrt(2), error.get("composition").asDouble());
        double predicted = second.get("predicted").asDouble();
        assertEquals(predicted * (1 - h), second.get("low").asDouble(), 1e-5);
        assertEquals(predicted * (1 + h), second.get("high").asDouble(), 1e-5);
        // B takes A's time: A is B, so the answer is the measured time at both points, error 0
        assertEquals(0.85, second.get("naive").get("same_time").asDouble(), 1e-12);
        // perfect scaling from pmax = 2: A at n = 1000, p = 2 was not measured (null); at n = 2000: 0.85 x 2 / 2
        assertTrue(o.get("points").get(0).get("naive").get("perfect_scaling").isNull());
        assertEquals(0.85, second.get("naive").get("perfect_scaling").asDouble(), 1e-12);
        JsonNode same = o.get("naive").get(0);
        assertEquals("same_time", same.get("baseline").asText());
        assertEquals(2, same.get("points").asInt());
        assertEquals(2, same.get("of").asInt());
        assertEquals(0.0, same.get("median_abs_error").asDouble(), 1e-12);
        JsonNode scaling = o.get("naive").get(1);
        assertEquals("perfect_scaling", scaling.get("baseline").asText());
        assertEquals(2.0, scaling.get("pmax").asDouble());
        assertEquals(1, scaling.get("points").asInt());
        // lcm's error at n = 2000 over the same point, and no median can be below 0
        assertEquals(Math.abs(second.get("error").asDouble()), scaling.get("lcm_median_abs_error").asDouble(), 1e-12);
        assertFalse(same.get("lcm_beats").asBoolean());
        assertEquals(3, o.get("fitted_runs").asInt());
    }

    /** Unannotated: the implicit fragments t:3 (serial), work:9 (serial) and work:10 (a parallel loop). */
    private Path unmarked() throws IOException {
        // the program of annotator's ImplicitFragmentMarkingTest (test resource lcm/unannotated/t.f of the grammar module)
        try (java.io.InputStream in = ValidateCommandTest.class.getResourceAsStream("/lcm/unannotated/t.f")) {
            return Files.write(dir.resolve("t.f"), in.readAllBytes());
        }
    }

    @Test
    void dataOfNoFragmentAreAWarningNamingTheTagAndItsFirstLine() throws IOException {
        Path src = unmarked();
        Path pp = Files.writeString(dir.resolve("t.pp"), """
                # run: p = 1 processors; time 1.0 s (first fragment's start to last fragment's end); command 1.5 s; n = 1000
                tag=work:10 n=1000 p=1 pc=1.0 li=0 ip=0 sl=0
                tag=t:4 n=1000 p=1 pc=0.5 li=0 ip=0 sl=0
                # run: p = 2 processors; time 1.0 s (first fragment's start to last fragment's end); command 1.2 s; n = 2000
                tag=work:10 n=2000 p=2 pc=2.0 li=0 ip=0 sl=0
                tag=t:4 n=2000 p=2 pc=0.5 li=0 ip=0 sl=0
                """);
        CliRun run = CliRun.of("validate", src.toString(), "--data", pp.toString(), "--measured", pp.toString(),
                "--resamples", "0", "--format", "json");
        assertEquals(0, run.code(), run.err());
        String warning = pp + ":3:1: tag 't:4' names no fragment of " + src + "; its 2 measurements are not used";
        assertTrue(run.err().contains("lcm: warning: " + warning + "\n"), run.err());
        JsonNode o = new ObjectMapper().readTree(run.out());
        List<String> warnings = new ArrayList<>();
        o.get("warnings").forEach(w -> warnings.add(w.asText()));
        assertTrue(warnings.contains(warning), warnings.toString());
        assertTrue(warnings.contains(src + ":3:7: fragment 't:3' has no data in " + pp
                + "; it is marked 'fragment t_3' with no model"), warnings.toString());
        assertEquals(2, o.get("fitted_runs").asInt());
    }

    @Test
    void dataOfNoFragmentAtAllListTheirTagsAndTheFragments() throws IOException {
        Path src = unmarked();
        Path pp = Files.writeString(dir.resolve("one.pp"), """
                # run: p = 1 processors; time 1.0 s (first fragment's start to last fragment's end); command 1.5 s; n = 1000
                tag=t:4 n=1000 p=1 pc=0.5 li=0 ip=0 sl=0
                tag=main:3 n=1000 p=1 pc=0.5 li=0 ip=0 sl=0
                """);
        CliRun run = CliRun.of("validate", src.toString(), "--data", pp.toString(), "--measured", pp.toString());
        assertEquals(2, run.code(), run.err());
        assertTrue(run.err().endsWith("lcm: " + pp + ": no tag of the data (t:4, main:3) names a fragment of " + src
                + " (fragments: t:3, work:9, work:10)\n"), run.err());
    }
}
