package lcm.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@code lcm profile}, {@code lcm phases}, {@code lcm skeleton} in-process, with good and bad input. */
class PhasesCommandTest {

    @TempDir
    Path dir;

    /** Two tasks, {@code n} iterations of: compute 1 s, send to the other 0.1 s, receive 0.1 s. */
    static String exchange(int n) {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < n; i++) {
            double t = 1.2 * i;
            for (String[] pq : new String[][] {{"p0", "p1"}, {"p1", "p0"}}) {
                sb.append(String.format(java.util.Locale.ROOT, "%s compute %.1f %.1f%n", pq[0], t, t + 1));
                sb.append(String.format(java.util.Locale.ROOT, "%s send %.1f %.1f to=%s size=100%n", pq[0], t + 1, t + 1.1, pq[1]));
                sb.append(String.format(java.util.Locale.ROOT, "%s recv %.1f %.1f from=%s%n", pq[0], t + 1.1, t + 1.2, pq[1]));
            }
        }
        return sb.toString();
    }

    Path write(String name, String text) throws Exception {
        Path p = dir.resolve(name);
        Files.writeString(p, text);
        return p;
    }

    @Test
    void phasesTextAndJson() throws Exception {
        Path t = write("ex.mpt", exchange(5));
        CliRun r = CliRun.of("phases", t.toString(), "--bins", "60");
        assertEquals(0, r.code(), r.err());
        assertTrue(r.out().contains("loop nest: (s0 s1)^5"), r.out());
        // 5 iterations of 1.2 s: measured 6 s, one execution 1.2 s x weight 5 = 6 s
        assertTrue(r.out().contains("prediction: sum of one execution x weight = 6 s; measured 6 s; error +0.0 %"), r.out());
        CliRun j = CliRun.of("phases", t.toString(), "--bins", "60", "--format", "json");
        assertEquals(0, j.code(), j.err());
        JsonNode root = new ObjectMapper().readTree(j.out());
        JsonNode tr = root.get("traces").get(0);
        assertEquals(2, tr.get("tasks").asInt());
        assertEquals(6.0, tr.get("length").asDouble(), 1e-9);
        assertEquals(5, tr.get("repeated_phases").get(0).get("weight").asInt());
        assertEquals(0.0, tr.get("prediction").get("error").asDouble(), 1e-9);
        // busy 2 of 2 for 1 s of every 1.2: average parallelism 2 * 1/1.2 = 1.667
        assertEquals(1.6667, tr.get("average_parallelism").asDouble(), 1e-3);
    }

    @Test
    void profilePlotIsAPng() throws Exception {
        Path t = write("ex.mpt", exchange(3));
        Path png = dir.resolve("out/profile.png");
        CliRun r = CliRun.of("profile", t.toString(), "--plot", png.toString(), "--bins", "36");
        assertEquals(0, r.code(), r.err());
        byte[] b = Files.readAllBytes(png);
        assertEquals((byte) 0x89, b[0]);
        assertEquals('P', b[1]);
        // busy: 2 processors for 3 s of 3.6: 6 processor-s, 83.3 %; send and recv 0.6 processor-s each
        assertTrue(r.out().contains("busy                                      6   83.3 %"), r.out());
        assertTrue(r.out().contains("lost: send                              0.6    8.3 %"), r.out());
        try (var files = Files.list(png.getParent())) {
            assertEquals(1, files.count(), "no temporary files left");
        }
    }

    @Test
    void signaturesAcrossRunsOnSeveralProcessorCounts() throws Exception {
        // one phase of pure computation whose time halves with the processors: linear signature
        Path[] runs = new Path[3];
        int[] ps = {2, 4, 8};
        for (int k = 0; k < 3; k++) {
            StringBuilder sb = new StringBuilder();
            for (int t = 0; t < ps[k]; t++) {
                sb.append("t").append(t).append(" compute 0 ").append(8.0 / ps[k]).append('\n');
            }
            runs[k] = write("run" + ps[k] + ".mpt", sb.toString());
        }
        CliRun r = CliRun.of("phases", runs[0].toString(), runs[1].toString(), runs[2].toString(), "--predict", "16",
                "--format", "json");
        assertEquals(0, r.code(), r.err());
        JsonNode sig = new ObjectMapper().readTree(r.out()).get("signatures").get(0);
        assertEquals("k1*p", sig.get("form").asText().replace(" ", ""));
        // E(p) = p/8 executions per second: on 16 processors 0.5 s
        assertEquals(0.5, sig.get("predicted_seconds").asDouble(), 1e-6);
    }

    @Test
    void truncatedTraceIsALocatedError() throws Exception {
        Path t = write("cut.mpt", "p0 compute 0 1\np0 send 1 1.1 to=p1 size=8\np1 recv 1 1.2 from=p0\np1 send 1.2");
        CliRun r = CliRun.of("phases", t.toString());
        assertEquals(2, r.code());
        assertTrue(r.err().contains("cut.mpt:4:"), r.err());
        assertTrue(r.err().contains("p1 send 1.2"), r.err());
        assertTrue(r.err().contains("^"), r.err());
        assertFalse(r.err().contains("Exception"), r.err());
    }

    @Test
    void emptyTraceIsAnError() throws Exception {
        CliRun r = CliRun.of("profile", write("empty.mpt", "# nothing\n").toString());
        assertEquals(2, r.code());
        assertTrue(r.err().contains("no activity of positive length"), r.err());
    }

    @Test
    void zeroLengthPhaseIsAnError() throws Exception {
        Path t = write("ex.mpt", exchange(2));
        CliRun r = CliRun.of("phases", t.toString(), "--boundaries", "1,1");
        assertEquals(2, r.code());
        assertTrue(r.err().contains("--boundaries: phase 2 would have zero or negative length"), r.err());
        Path png = dir.resolve("p.png");
        CliRun r2 = CliRun.of("phases", t.toString(), "--boundaries", "3,1", "--plot", png.toString());
        assertEquals(2, r2.code(), r2.err());
        assertTrue(r2.err().contains("--boundaries: boundary 3 s is outside the trace (0, 2.4) s"), r2.err());
        assertFalse(Files.exists(png), "nothing written on error");
    }

    @Test
    void skeletonOfATraceWithoutRepetitionIsTheFlatProgram() throws Exception {
        Path t = write("once.mpt", "p0 compute 0 1\np0 send 1 1.1 to=p1 size=8\np1 compute 0 1\np1 recv 1 1.2 from=p0\n");
        Path out = dir.resolve("sk");
        CliRun r = CliRun.of("skeleton", t.toString(), "--target-seconds", "0.05", "-o", out.toString());
        assertEquals(0, r.code(), r.err());
        assertTrue(r.err().contains("no repetition in the logical trace: the skeleton is the flat program"), r.err());
        assertTrue(r.out().contains("none (no repetition: flat program)"), r.out());
        String java = Files.readString(out.resolve("Skeleton.java"));
        assertTrue(java.contains("send(0, 1);") && java.contains("recv(0, 1);"), java);
    }

    @Test
    void skeletonOfASyncTraceIsAnErrorAndWritesNothing() throws Exception {
        Path t = write("a.sync", "task a\nf, begin, , 0\nf, end, , 1\n");
        Path out = dir.resolve("sk");
        CliRun r = CliRun.of("skeleton", t.toString(), "--target-seconds", "1", "-o", out.toString());
        assertEquals(2, r.code());
        assertTrue(r.err().contains("a skeleton needs a message-passing trace"), r.err());
        assertFalse(Files.exists(out));
    }

    @Test
    void skeletonOverAFileIsAnErrorAndLeavesIt() throws Exception {
        Path t = write("ex.mpt", exchange(4));
        Path file = write("taken", "keep me");
        CliRun r = CliRun.of("skeleton", t.toString(), "--target-seconds", "0.1", "-o", file.toString());
        assertEquals(2, r.code());
        assertTrue(r.err().contains("exists and is not a folder"), r.err());
        assertEquals("keep me", Files.readString(file));
        CliRun bad = CliRun.of("skeleton", t.toString(), "--target-seconds", "0", "-o", dir.resolve("x").toString());
        assertEquals(2, bad.code());
        assertTrue(bad.err().contains("--target-seconds 0.0: must be a positive number of seconds"), bad.err());
    }

    @Test
    void skeletonReplacesAnOldFolderWhole() throws Exception {
        Path t = write("ex.mpt", exchange(6));
        Path out = dir.resolve("sk");
        Files.createDirectories(out);
        Files.writeString(out.resolve("stale.txt"), "old");
        CliRun r = CliRun.of("skeleton", t.toString(), "--target-seconds", "0.05", "-o", out.toString());
        assertEquals(0, r.code(), r.err());
        assertFalse(Files.exists(out.resolve("stale.txt")));
        // 6 iterations of 1.2 s = 7.2 s; about 0.05 s: round(6 * 0.05/7.2) = 0 -> at least 1 iteration
        assertTrue(r.out().contains("6 -> 1"), r.out());
        String java = Files.readString(out.resolve("Skeleton.java"));
        assertTrue(java.contains("for (int i1 = 0; i1 < 1; i1++) { // 6 in the trace"), java);
        try (var files = Files.list(dir)) {
            assertTrue(files.noneMatch(f -> f.getFileName().toString().startsWith(".sk")), "no temporaries left");
        }
    }

    @Test
    void badSmoothingSpec() throws Exception {
        Path t = write("ex.mpt", exchange(2));
        CliRun r = CliRun.of("phases", t.toString(), "--smooth", "moving:x");
        assertEquals(2, r.code());
        assertTrue(r.err().contains("--smooth moving:x: bad parameters"), r.err());
    }
}
