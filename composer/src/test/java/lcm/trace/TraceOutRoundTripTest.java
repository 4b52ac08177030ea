package lcm.trace;

import lcm.source.SourceRegistry;
import lcm.source.SourceText;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A predicted trace written as Paraver or {@code .mpt} ({@code critical-path --trace-out OUT.prv},
 * {@code OUT.mpt}) and read back replays to the same critical-path length. In a long generated
 * ring two neighbours sometimes
 * end their computation at the same nanosecond: each then posts to the other and takes the
 * other's post at that instant (four communication records whose times are all one instant);
 * the reader must order those sends before those receives, or each waits for the other.
 */
class TraceOutRoundTripTest {

    @Test
    void aLongRingReadsBackWithTheSameLength(@TempDir Path dir) throws IOException {
        Path sync = dir.resolve("ring.sync");
        SyncTraceGenerator.write(sync, 20_000, 4, 100_000);
        Path prv = dir.resolve("ring.prv");
        double length;
        try (OutputStream p = Files.newOutputStream(prv);
             OutputStream pcf = Files.newOutputStream(dir.resolve("ring.pcf"));
             OutputStream row = Files.newOutputStream(dir.resolve("ring.row"))) {
            length = CriticalPath.of(SyncTraceReader.read(sync, new SourceRegistry()).tasks(),
                    new ParaverTraceWriter(p, pcf, row)).length();
        }
        List<String> lines = Files.readAllLines(prv);
        assertTrue(mutualInstants(lines) > 0, "the ring must hold an exchange at one instant to test anything");

        MessageTrace back = ParaverReader.read(SourceText.read(prv));
        assertEquals(List.of("rank0", "rank1", "rank2", "rank3"), back.tasks().stream().map(MessageTrace.Task::name).toList());
        CriticalPath.Result r = CriticalPath.of(MessagePrograms.replay(back, Scales.NONE).tasks());
        // the writer rounds times to whole nanoseconds; the generator's times are whole microseconds
        assertEquals(Math.round(length * 1e9), Math.round(r.length() * 1e9));
        assertEquals(1_153_047_000L, Math.round(r.length() * 1e9));
    }

    @Test
    void theSameRingAsMptReadsBackWithTheSameLength(@TempDir Path dir) throws IOException {
        Path sync = dir.resolve("ring.sync");
        SyncTraceGenerator.write(sync, 20_000, 4, 100_000);
        Path mpt = dir.resolve("ring.mpt");
        double length;
        try (PrintWriter w = new PrintWriter(Files.newBufferedWriter(mpt))) {
            length = CriticalPath.of(SyncTraceReader.read(sync, new SourceRegistry()).tasks(), new MessageTraceWriter(w)).length();
        }
        MessageTrace back = MessageTraceReader.read(SourceText.read(mpt));
        CriticalPath.Result r = CriticalPath.of(MessagePrograms.replay(back, Scales.NONE).tasks());
        assertEquals(1_153_047_000L, Math.round(length * 1e9));
        assertEquals(1_153_047_000L, Math.round(r.length() * 1e9));
    }

    @Test
    void postsAndWaitsAreMessagesInTheMpt(@TempDir Path dir) {
        // a computes 1 s, posts x (b takes it) and y (nobody does), computes 2 s more: ends at 3;
        // b computes 0.5 s, waits for x until 1, computes 1 s more: ends at 2
        SourceText sync = SourceText.of(dir.resolve("pw.sync"), """
                task a
                f, begin, , 0
                f, post, x, 1
                f, post, y, 1
                f, end, , 3
                task b
                g, begin, , 0
                g, wait, x, 0.5
                g, end, , 1.5
                """);
        StringWriter text = new StringWriter();
        double length;
        try (PrintWriter w = new PrintWriter(text)) {
            length = CriticalPath.of(SyncTraceReader.read(sync).tasks(), new MessageTraceWriter(w)).length();
        }
        assertEquals(3.0, length);
        List<String> lines = text.toString().lines().toList();
        assertEquals(List.of("a compute 0 1 fragment=f", "a send 1 1 to=b size=0 tag=x", "# a post y 1 1 (no wait took it)",
                "a compute 1 3 fragment=f"), lines.stream().filter(l -> l.startsWith("a ") || l.startsWith("# a ")).toList());
        assertEquals(List.of("b compute 0 0.5 fragment=g", "b recv 0.5 1 from=a size=0 tag=x", "b compute 1 2 fragment=g"),
                lines.stream().filter(l -> l.startsWith("b ")).toList());
        MessageTrace back = MessageTraceReader.read(SourceText.of(dir.resolve("pw.mpt"), text.toString()));
        assertEquals(3.0, CriticalPath.of(MessagePrograms.replay(back, Scales.NONE).tasks()).length());
    }

    /** Pairs of tasks that send to each other with all eight times one instant. */
    private static int mutualInstants(List<String> lines) {
        Set<String> instants = new HashSet<>();
        int mutual = 0;
        for (String l : lines) {
            String[] f = l.split(":");
            if (!f[0].equals("3") || !f[5].equals(f[6]) || !f[6].equals(f[11]) || !f[11].equals(f[12])) {
                continue;
            }
            if (instants.contains(f[9] + ">" + f[3] + "@" + f[5])) {
                mutual++;
            }
            instants.add(f[3] + ">" + f[9] + "@" + f[5]);
        }
        return mutual;
    }
}
