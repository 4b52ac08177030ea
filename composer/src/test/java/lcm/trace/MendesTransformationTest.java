package lcm.trace;

import lcm.machine.MachineDescriptionReader;
import lcm.machine.MachineDescription;
import lcm.source.SourceText;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * Mendes' trace transformation (section 4.2) on the concrete numbers of
 * fixtures/traces/mendes-fig5.mpt: both messages are 100 bytes; base machine f1 = 1, g1 = 2;
 * target machine f2 = 2, g2 = 1; compute ratio K = 1.
 */
class MendesTransformationTest {

    /** What the engine decided for each step: task, event, begin of its work, time. */
    record Seen(String task, String event, double begin, double time) {
    }

    static final class Recorder implements EventSink {
        final List<Seen> seen = new ArrayList<>();
        List<String> names;

        @Override
        public void start(List<String> taskNames, List<Double> starts) {
            names = taskNames;
        }

        @Override
        public void event(int task, Step step, double workStart, double time) {
            seen.add(new Seen(names.get(task), step.describe(), workStart, time));
        }

        Seen find(String task, String event) {
            return seen.stream().filter(s -> s.task().equals(task) && s.event().equals(event)).findFirst().orElseThrow();
        }
    }

    static MessageTrace fig5() {
        return MessageTraceReader.read(SourceText.read(Fixtures.traces("mendes-fig5.mpt")));
    }

    static MachineDescription machine(String name) {
        return MachineDescriptionReader.read(SourceText.read(Fixtures.traces(name)));
    }

    @Test
    void figure5ReceiveIntervalHalvesAndTheSecondReceiveWaitsForTheSendToEndAtInstant8() {
        LoadedTrace predicted = MessagePrograms.transform(fig5(), machine("fig5-base.machine"),
                machine("fig5-target.machine"), Scales.NONE);
        Recorder rec = new Recorder();
        CriticalPath.Result r = CriticalPath.of(predicted.tasks(), rec);
        // p1: work 0-2, send #1 2-4 (S2 = f2/f1 * S1 = 2/1 * 1), work 4-6, send #2 6-8.
        assertEquals(new Seen("p1", "send p1->p2 tag 0 #1", 2, 4), rec.find("p1", "send p1->p2 tag 0 #1"));
        assertEquals(new Seen("p1", "send p1->p2 tag 0 #2", 6, 8), rec.find("p1", "send p1->p2 tag 0 #2"));
        // p2: receive #1 begins at 4 and ends at max(4 + g2, 4) = 5: the measured 4-6 halves.
        assertEquals(new Seen("p2", "recv p1->p2 tag 0 #1", 4, 5), rec.find("p2", "recv p1->p2 tag 0 #1"));
        // receive #2 begins at 6; the basic rule says 6 + 1 = 7, but its send ends at 8: delayed to 8.
        assertEquals(new Seen("p2", "recv p1->p2 tag 0 #2", 6, 8), rec.find("p2", "recv p1->p2 tag 0 #2"));
        // then p2's last 1 s of work: 9.
        assertEquals(9.0, r.length());
        assertEquals(List.of(
                new PathEvent("p1", "start", 0),
                new PathEvent("p1", "send p1->p2 tag 0 #2", 8),
                new PathEvent("p2", "recv p1->p2 tag 0 #2", 8),
                new PathEvent("p2", "work", 9)), r.path());
        assertEquals(9, r.events()); // 4 activities of p1, 5 of p2
    }

    @Test
    void replayOfTheMeasuredTraceReproducesItsTimes() {
        // No transformation: every event at its measured time; p2 ends at 10. No receive
        // waited (each began after its send ended), so the path stays on p2.
        Recorder rec = new Recorder();
        CriticalPath.Result r = CriticalPath.of(MessagePrograms.replay(fig5(), Scales.NONE).tasks(), rec);
        assertEquals(10.0, r.length());
        assertEquals(List.of(new PathEvent("p2", "start", 0), new PathEvent("p2", "work", 10)), r.path());
        assertEquals(new Seen("p2", "recv p1->p2 tag 0 #2", 7, 7), rec.find("p2", "recv p1->p2 tag 0 #2"));
    }

    @Test
    void figure4aComputeRatioHalvesEveryInterval() {
        // One task, events 1, 2, 3 at 2, 6, 7; K = 0.5: 1' = 1, 2' = 3, 3' = 3.5.
        MessageTrace t = new MessageTrace(List.of(new MessageTrace.Task("p", List.of(
                new Interval(Interval.Kind.COMPUTE, 0, 2, "a", null, null),
                new Interval(Interval.Kind.COMPUTE, 2, 6, "b", null, null),
                new Interval(Interval.Kind.COMPUTE, 6, 7, "a", null, null)))), List.of());
        MachineDescription none = new MachineDescription(java.nio.file.Path.of("none"), java.util.Map.of());
        Recorder rec = new Recorder();
        CriticalPath.Result r = CriticalPath.of(MessagePrograms.transform(t, none, none, new Scales(0.5, Map.of())).tasks(), rec);
        assertEquals(List.of(1.0, 3.0, 3.5), rec.seen.stream().map(Seen::time).toList());
        assertEquals(3.5, r.length());
        // Fig. 4b: a ratio per module: a 0.5, b 0.25: 1, 1 + 1 = 2, 2.5.
        rec = new Recorder();
        CriticalPath.of(MessagePrograms.transform(t, none, none, new Scales(1, Map.of("a", 0.5, "b", 0.25))).tasks(), rec);
        assertEquals(List.of(1.0, 2.0, 2.5), rec.seen.stream().map(Seen::time).toList());
    }

    @Test
    void machineExpressionsAreEvaluatedInB() {
        MachineDescription m = machine("fig5-target.machine");
        assertEquals(2.0, m.sendTime(100));    // 1 + 100/100
        assertEquals(1.0, m.receiveTime(100)); // 0.5 + 100/200
        assertEquals(11.0, m.sendTime(1000));  // 1 + 1000/100
    }
}
