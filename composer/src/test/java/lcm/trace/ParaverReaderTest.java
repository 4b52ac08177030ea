package lcm.trace;

import lcm.machine.MachineDescriptionReader;
import lcm.machine.MachineDescription;
import lcm.source.SourceText;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Paraver traces as message-passing input: fixtures/traces/exchange.prv (with its .pcf and
 * .row), three MPI ranks written for these tests, times in ns. Rank 1 computes to 300, sends
 * 800 bytes to rank 2 in an Immediate Send state (300-310), computes to 500 and enters an
 * MPI_Allreduce; rank 2 computes to 100, waits in Wait/WaitAll for the message until 400,
 * computes to 600 and enters the allreduce; rank 3 computes to 650 and enters it last. The
 * allreduce ends at 700 on all three; then rank 1 runs to 800, rank 3 to 750, rank 2 to 1000.
 */
class ParaverReaderTest {

    static MessageTrace exchange() {
        return ParaverReader.read(SourceText.read(Fixtures.traces("exchange.prv")));
    }

    @Test
    void statesMessagesAndCollectivesWithTheirNames() {
        MessageTrace t = exchange();
        assertEquals(List.of("1.1.1", "1.2.1", "1.3.1"), t.tasks().stream().map(MessageTrace.Task::name).toList());
        MessageTrace.Task r1 = t.tasks().get(0);
        // Running 0-300, the send 300-310 (Immediate Send cut at the physical send), Running 310-500,
        // the Group Communication state named by its event 50000002 = 10 (MPI_Allreduce in the .pcf), Running
        List<String> kinds = r1.intervals().stream().map(i -> i.kind() + " " + i.fragment() + " " + Math.round(i.begin() * 1e9)
                + "-" + Math.round(i.end() * 1e9)).toList();
        assertEquals(List.of("COMPUTE Running 0-300", "SEND Immediate Send 300-310", "COMPUTE Running 310-500",
                "COLLECTIVE MPI_Allreduce 500-700", "COMPUTE Running 700-800"), kinds);
        Interval send = r1.intervals().get(1);
        assertEquals(new Message("1.1.1->1.2.1 tag 5 #1", "1.1.1", "1.2.1", "5", 800, false), send.message());
        Interval recv = t.tasks().get(1).intervals().get(1);
        assertEquals(Interval.Kind.RECV, recv.kind());
        assertEquals("Wait/WaitAll", recv.fragment());
    }

    @Test
    void replayEndsAtTheLastStateAndThePathCrossesTheAllreduce() {
        CriticalPath.Result r = CriticalPath.of(MessagePrograms.replay(exchange(), Scales.NONE).tasks());
        assertEquals(0, r.start());
        assertEquals(1000e-9, r.end(), 1e-18);
        assertEquals(1000e-9, r.length(), 1e-18);
        // rank 3 arrives last at the allreduce (650): it releases rank 2, which ends last
        assertEquals(List.of(new PathEvent("1.3.1", "start", 0), new PathEvent("1.3.1", "barrier MPI_Allreduce #1", 650),
                new PathEvent("1.2.1", "barrier MPI_Allreduce #1", 650), new PathEvent("1.2.1", "Running", 1000)),
                round(r.path()));
        PathSummary s = r.summary();
        // on the path: rank 3's Running 0-650, rank 2's rest of the allreduce 650-700 and its Running 700-1000
        assertEquals(List.of("1.1.1 0 800", "1.2.1 350 650", "1.3.1 650 100"), rows(s.byTask()));
        // computation: on 650 + 300 = 950 of 300 + 190 + 100 + 100 + 200 + 300 + 650 + 50 = 1890;
        // send: rank 1's 10; receive: rank 2's 400 - 310 = 90 after the message came;
        // collective: the rest after the last arrival, 50 on each rank; wait: rank 2 in the receive
        // 100-310 (210) and at the allreduce 600-650 (50), rank 1 at the allreduce 500-650 (150): 410
        assertEquals(List.of("computation 950 940", "send 0 10", "receive 0 90", "collective 50 100", "wait 0 410"),
                rows(s.byState()));
        assertEquals(List.of("1.3.1 Running 650", "1.2.1 Running 300", "1.2.1 MPI_Allreduce 50"),
                s.top().stream().map(c -> c.task() + " " + c.label() + " " + Math.round(c.seconds() * 1e9)).toList());
        assertEquals(StateCategory.COLLECTIVE, s.top().get(2).category());
    }

    @Test
    void aFasterNodeShortensOnlyComputation() {
        MessageTrace t = exchange();
        // a node where a message of b bytes costs 1 ns + b / 10^12 s to send or to receive
        MachineDescription node = MachineDescriptionReader.read(SourceText.of(java.nio.file.Path.of("fast.machine"),
                "send = 1e-9 + b/1e12\nreceive = 1e-9 + b/1e12\n"));
        CriticalPath.Result measured = CriticalPath.of(MessagePrograms.replay(t, Scales.NONE).tasks());
        CriticalPath.Result predicted = CriticalPath.of(
                MessagePrograms.transform(t, node, node, new Scales(0.5, Map.of())).tasks());
        assertTrue(predicted.length() < measured.length(), predicted.length() + " vs " + measured.length());
        // computation at half speed: rank 1 sends at 150-160 and reaches the allreduce at 255; rank 2
        // receives at max(50 + 1.8, 160) = 160 and arrives at 260; rank 3 arrives at 325, last. The
        // allreduce's measured rest (50) is kept; rank 2 then runs 300 * 0.5 = 150: 325 + 50 + 150 = 525 ns
        assertEquals(525e-9, predicted.length(), 1e-15);
    }

    @Test
    void twoThreadsExchangingAtOneInstantSendFirst(@TempDir Path dir) throws IOException {
        // both compute 0-100 ns, send each other a message of no duration at 100 (logical and
        // physical times equal) and compute 100-250: an exchange, not a deadlock; length 250 ns
        Path prv = dir.resolve("swap.prv");
        Files.writeString(prv, """
                #Paraver (24/11/2026 at 00:00):250_ns:1(2):1:2(1:1,1:1)
                1:1:1:1:1:0:100:1
                1:2:1:2:1:0:100:1
                3:1:1:1:1:100:100:2:1:2:1:100:100:8:5
                3:2:1:2:1:100:100:1:1:1:1:100:100:8:5
                1:1:1:1:1:100:250:1
                1:2:1:2:1:100:200:1
                """);
        MessageTrace t = ParaverReader.read(SourceText.read(prv));
        assertEquals(List.of("COMPUTE 0-100", "SEND 100-100", "RECV 100-100", "COMPUTE 100-250"),
                t.tasks().get(0).intervals().stream().map(i -> i.kind() + " " + Math.round(i.begin() * 1e9) + "-"
                        + Math.round(i.end() * 1e9)).toList());
        assertEquals(250, Math.round(CriticalPath.of(MessagePrograms.replay(t, Scales.NONE).tasks()).length() * 1e9));
    }

    static List<PathEvent> round(List<PathEvent> path) {
        return path.stream().map(e -> new PathEvent(e.task(), e.event(), Math.round(e.time() * 1e9))).toList();
    }

    static List<String> rows(List<PathSummary.Row> rows) {
        return rows.stream().map(r -> r.name() + " " + Math.round(r.onPath() * 1e9) + " " + Math.round(r.offPath() * 1e9))
                .toList();
    }
}
