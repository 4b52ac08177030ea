package lcm.trace;

import lcm.source.SourceText;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Paraver traces from ../shared/anchors/traces/paraver as message-passing input. */
class ParaverReaderTest {

    static final String LULESH = "paraver/lulesh_7+1_with_uncores_sockets1+2.chop8.prv";

    static MessageTrace read(String name) {
        return ParaverReader.read(SourceText.read(Fixtures.anchor(name)));
    }

    @Test
    void test1HasEightThreadsOfOneRunningStateEach() {
        MessageTrace t = read("paraver/test1.prv");
        assertEquals(8, t.tasks().size());
        // task 5 is first in the file: 1:5:1:5:1:0:147421126:1 (state 1 = Running in test1.pcf)
        MessageTrace.Task first = t.tasks().get(0);
        assertEquals("1.5.1", first.name());
        assertEquals(List.of(new Interval(Interval.Kind.COMPUTE, 0, 147421126e-9, "Running", null, first.intervals().get(0).origin())),
                first.intervals());
        // the longest state is task 2's, 2471 to 151259672 ns
        CriticalPath.Result r = CriticalPath.of(MessagePrograms.replay(t, Scales.NONE).tasks());
        assertEquals(0.151259672, r.length(), 1e-15);
        assertEquals(List.of(new PathEvent("1.2.1", "start", 2471e-9), new PathEvent("1.2.1", "Running", 0.151259672)),
                r.path());
    }

    @Test
    void luleshReplayEndsAtTheLastStateAndItsPathCrossesMessages() {
        MessageTrace t = read(LULESH);
        assertEquals(8, t.tasks().size()); // application 1's 8 MPI ranks; application 2 has no states
        long sends = t.tasks().stream().flatMap(k -> k.intervals().stream()).filter(i -> i.kind() == Interval.Kind.SEND).count();
        long recvs = t.tasks().stream().flatMap(k -> k.intervals().stream()).filter(i -> i.kind() == Interval.Kind.RECV).count();
        assertEquals(160, sends); // 160 communication records
        assertEquals(160, recvs);
        CriticalPath.Result r = CriticalPath.of(MessagePrograms.replay(t, Scales.NONE).tasks());
        // Replayed as measured, every event happens at its measured time, so the length is the
        // end of the last state record: 555370387 ns.
        assertEquals(0.555370387, r.length(), 1e-12);
        // 1704 state records, 160 of them Immediate Send states that become the sends, 160 Wait/WaitAll
        // states that become a receive plus the part after the message arrived (each of the 160
        // receives ends strictly after its send and after its Wait began): 1704 + 160 steps.
        assertEquals(1704 + 160, r.events());
        List<PathEvent> path = r.path();
        assertTrue(path.size() >= 4, path::toString);
        assertEquals("start", path.get(0).event());
        for (int i = 1; i < path.size(); i++) {
            assertTrue(path.get(i).time() >= path.get(i - 1).time(), "ordered: " + path);
        }
        Set<String> tasks = path.stream().map(PathEvent::task).collect(Collectors.toSet());
        assertTrue(tasks.size() >= 2, "the path changes task through a message: " + path);
        boolean crossesMessage = false;
        for (int i = 1; i < path.size(); i++) {
            PathEvent a = path.get(i - 1);
            PathEvent b = path.get(i);
            if (a.event().startsWith("send ") && b.event().equals("recv " + a.event().substring(5)) && a.time() == b.time()) {
                crossesMessage = true;
            }
        }
        assertTrue(crossesMessage, path::toString);
        assertEquals(0.555370387, path.get(path.size() - 1).time(), 1e-12);
    }

    @Test
    void luleshUnderAComputeRatioOfOneHalfIsShorter() {
        MessageTrace t = read(LULESH);
        Machine node = MachineReader.read(SourceText.read(Fixtures.traces("smp-node.machine")));
        CriticalPath.Result measured = CriticalPath.of(MessagePrograms.replay(t, Scales.NONE).tasks());
        CriticalPath.Result predicted = CriticalPath.of(
                MessagePrograms.transform(t, node, node, new Scales(0.5, Map.of())).tasks());
        assertTrue(predicted.length() < measured.length(), predicted.length() + " vs " + measured.length());
        // No task can end before its start plus its own computation at half speed (sends and
        // receives only add to that): a lower bound computed from the trace itself.
        double bound = 0;
        for (MessageTrace.Task k : t.tasks()) {
            double work = k.intervals().stream().filter(i -> i.kind() == Interval.Kind.COMPUTE)
                    .mapToDouble(Interval::duration).sum();
            bound = Math.max(bound, k.start() + 0.5 * work);
        }
        assertTrue(predicted.length() >= bound, predicted.length() + " >= " + bound);
        assertEquals(measured.events(), predicted.events() + 160); // the transformation has no receive remainders
    }
}
