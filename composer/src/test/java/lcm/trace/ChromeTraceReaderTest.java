package lcm.trace;

import lcm.source.SourceText;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;

/**
 * Chrome traces written by other tools, as measured timelines: fixtures/traces/exchange-chrome.json,
 * two ranks on an absolute clock (1 s = 1,000,000 us). Rank 0 waits in MPI_Recv 0-120 us for a
 * flow that rank 1 starts at 110 (after compute 0-100 and MPI_Send 100-110), computes to 300 and
 * enters MPI_Allreduce; rank 1 computes 110-500 and enters it last; both leave it at 550.
 */
class ChromeTraceReaderTest {

    static MessageTrace timeline(String name) {
        var r = ChromeTraceReader.read(SourceText.read(Fixtures.traces(name)));
        return assertInstanceOf(ChromeTraceReader.Timeline.class, r).trace();
    }

    @Test
    void theLengthIsADurationAndAllreduceIsACollective() {
        MessageTrace t = timeline("exchange-chrome.json");
        assertEquals(List.of("rank_0", "rank_1"), t.tasks().stream().map(MessageTrace.Task::name).toList());
        assertEquals(Interval.Kind.COLLECTIVE, t.tasks().get(0).intervals().get(2).kind());
        CriticalPath.Result r = CriticalPath.of(MessagePrograms.replay(t, Scales.NONE).tasks());
        assertEquals(1.0, r.start());
        assertEquals(1.00055, r.end(), 1e-12);
        assertEquals(550e-6, r.length(), 1e-12); // not 1.00055 s, the last timestamp
        // rank 1 arrives last at the allreduce (500 us) and releases rank 0, which ends first in task order
        assertEquals(List.of("rank_1 start 0", "rank_1 barrier MPI_Allreduce #1 500", "rank_0 barrier MPI_Allreduce #1 500",
                "rank_0 MPI_Allreduce 550"), r.path().stream().map(e -> e.task() + " " + e.event() + " "
                + Math.round((e.time() - 1) * 1e6)).toList());
        // on the path: rank 1's compute 100 + 390 = 490 and send 10, rank 0's rest of the allreduce 50;
        // rank 0 waits 0-110 for the message and 300-500 at the allreduce: 310
        assertEquals(List.of("computation 490 180", "send 10 0", "receive 0 10", "collective 50 50", "wait 0 310"),
                r.summary().byState().stream().map(x -> x.name() + " " + Math.round(x.onPath() * 1e6) + " "
                        + Math.round(x.offPath() * 1e6)).toList());
        assertEquals("compute", r.summary().top().get(0).label());
        assertEquals(490e-6, r.summary().top().get(0).seconds(), 1e-12);
    }

    @Test
    void exchangesAtOneInstantFollowTheFileOrder() {
        // both threads send at 10 us and receive the other's message at 10 us: in the file each
        // sends before it receives, so this is an exchange, not a deadlock
        String json = """
                [{"ph": "X", "pid": 1, "tid": 1, "ts": 0, "dur": 10, "name": "a"},
                 {"ph": "X", "pid": 1, "tid": 2, "ts": 0, "dur": 10, "name": "b"},
                 {"ph": "s", "pid": 1, "tid": 1, "ts": 10, "id": 1, "name": "x"},
                 {"ph": "s", "pid": 1, "tid": 2, "ts": 10, "id": 2, "name": "y"},
                 {"ph": "f", "pid": 1, "tid": 2, "ts": 10, "id": 1, "name": "x", "bp": "e"},
                 {"ph": "f", "pid": 1, "tid": 1, "ts": 10, "id": 2, "name": "y", "bp": "e"},
                 {"ph": "X", "pid": 1, "tid": 1, "ts": 10, "dur": 5, "name": "a2"}]
                """;
        var r = ChromeTraceReader.read(SourceText.of(java.nio.file.Path.of("exchange.json"), json));
        MessageTrace t = assertInstanceOf(ChromeTraceReader.Timeline.class, r).trace();
        CriticalPath.Result result = CriticalPath.of(MessagePrograms.replay(t, Scales.NONE).tasks());
        assertEquals(15e-6, result.length(), 1e-15);
    }
}
