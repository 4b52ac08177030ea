package lcm.trace;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import lcm.source.SourceText;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;

/** Chrome traces written by other tools (../shared/anchors/traces/chrome) as measured timelines. */
class ChromeTraceReaderTest {

    static MessageTrace timeline(String name) {
        var r = ChromeTraceReader.read(SourceText.read(Fixtures.anchor("chrome/" + name)));
        return assertInstanceOf(ChromeTraceReader.Timeline.class, r).trace();
    }

    @Test
    void flowsBecomeMessages() {
        // flow_simple.json: 5 threads, X slices, flow 8780d403 from thread 15904 (s at 1 us) to
        // 15895 (f at 1001 us), flow 8780d402 from 15903 (s at 3002) to 15894 (f at 3330; its
        // "t" step on 15794 is skipped).
        MessageTrace t = timeline("flow_simple.json");
        assertEquals(5, t.tasks().size());
        long sends = t.tasks().stream().flatMap(k -> k.intervals().stream()).filter(i -> i.kind() == Interval.Kind.SEND).count();
        assertEquals(2, sends);
        CriticalPath.Result r = CriticalPath.of(MessagePrograms.replay(t, Scales.NONE).tasks());
        // replayed as measured: the last slice, SomeSlice, ends at 3331 + 400 = 3731 us
        assertEquals(3731e-6, r.length(), 1e-15);
        // 15904: send [0, 1] (SenderB up to its s) + rest of SenderB; 15903: send at 3002 + SenderA;
        // 15895: receive at 1001 + Blergh; 15794: OtherSlice; 15894: receive at 3330, the gap to 3331,
        // SomeSlice: 2 + 2 + 2 + 1 + 3 = 10 steps
        assertEquals(10, r.events());
        assertEquals(List.of(new PathEvent("15874.15894", "start", 3330e-6),
                new PathEvent("15874.15894", "SomeSlice", 3731e-6)), r.path());
    }

    @Test
    void beginEndPairsReplayToTheLastEnd() throws IOException {
        // big_trace.json: 933 B/E pairs on 4 threads. The replay ends at the latest E.
        JsonNode events = new ObjectMapper().readTree(Fixtures.anchor("chrome/big_trace.json").toFile());
        double lastEnd = 0;
        for (JsonNode e : events) {
            if (e.path("ph").asText().equals("E")) {
                lastEnd = Math.max(lastEnd, e.path("ts").asDouble());
            }
        }
        MessageTrace t = timeline("big_trace.json");
        assertEquals(4, t.tasks().size());
        CriticalPath.Result r = CriticalPath.of(MessagePrograms.replay(t, Scales.NONE).tasks());
        assertEquals(lastEnd * 1e-6, r.length(), 1e-12);
    }
}
