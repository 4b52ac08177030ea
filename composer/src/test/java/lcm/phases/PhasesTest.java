package lcm.phases;

import lcm.source.SourceRegistry;
import lcm.source.SourceText;
import lcm.trace.MessageTraceReader;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Profiles, smoothing, Carlson's phases, the logical trace and PAS2P's prediction on hand-made traces. */
class PhasesTest {

    static Timeline timeline(String text) {
        return TimelineReader.fromMessages("test.mpt", MessageTraceReader.read(SourceText.of(Path.of("test.mpt"), text)));
    }

    /** p0 computes 0..2 and then sends to p1..p3, who wait for it from 1 to 2; all compute 2..3. */
    static final String THREE_LEVELS = """
            p0 compute 0 2
            p0 send 2 2 to=p1 size=8
            p0 send 2 2 to=p2 size=8
            p0 send 2 2 to=p3 size=8
            p0 compute 2 3
            p1 compute 0 1
            p1 recv 1 2 from=p0
            p1 compute 2 3
            p2 compute 0 1
            p2 recv 1 2 from=p0
            p2 compute 2 3
            p3 compute 0 1
            p3 recv 1 2 from=p0
            p3 compute 2 3
            """;

    @Test
    void profileCountsBusyAndLostProcessorsPerBin() {
        Profile p = Profile.of(timeline(THREE_LEVELS), 6);
        // bins of 0.5 s: 4 busy in 0..1, 1 busy and 3 receiving in 1..2, 4 busy in 2..3
        assertEquals(0.5, p.binWidth(), 1e-12);
        assertEquals(List.of(4.0, 4.0, 1.0, 1.0, 4.0, 4.0), java.util.Arrays.stream(p.busy()).boxed().toList());
        assertEquals(List.of(0.0, 0.0, 3.0, 3.0, 0.0, 0.0),
                java.util.Arrays.stream(p.lost().get("recv")).boxed().toList());
        // average parallelism (4 + 1 + 4) / 3 = 3
        assertEquals(3.0, p.averageParallelism(), 1e-12);
    }

    @Test
    void aBinHalfCoveredCountsHalf() {
        Profile p = Profile.of(timeline(THREE_LEVELS), 4); // bins of 0.75 s: 0..0.75, 0.75..1.5, 1.5..2.25, 2.25..3
        // bin 2 (0.75..1.5): 4 busy for 0.25 s, 1 busy for 0.5 s: (4*0.25 + 1*0.5)/0.75 = 2
        assertEquals(2.0, p.busy()[1], 1e-12);
    }

    @Test
    void movingCubicOfElevenHasTheWeightsOfThePaper() {
        // Carlson et al. 2.1.1: f_t = (-36 y_{t-5} + 9 y_{t-4} + 44 y_{t-3} + 69 y_{t-2} + 84 y_{t-1} + 89 y_t + ...)/429
        double[] y = new double[21];
        y[10] = 429;
        double[] f = new Smoothing.Moving(5, 3).apply(y);
        int[] weights = {-36, 9, 44, 69, 84, 89, 84, 69, 44, 9, -36};
        for (int j = -5; j <= 5; j++) {
            assertEquals(weights[j + 5], f[10 - j], 1e-9, "weight of y(t+" + j + ")");
        }
        // degree 1 is the plain average of the 11: 429/11 = 39
        assertEquals(39.0, new Smoothing.Moving(5, 1).apply(y)[10], 1e-9);
    }

    @Test
    void roundingAndPiecewiseConstant() {
        assertEquals(List.of(1.0, 2.0, 2.0), java.util.Arrays.stream(new Smoothing.Round(1).apply(new double[] {1.2, 1.6, 2.4}))
                .boxed().toList());
        double[] f = new Smoothing.Piecewise(2).apply(new double[] {1, 1.2, 0.8, 5, 5.5, 4.5});
        // the best two pieces split at 3: means 1 and 5
        assertEquals(List.of(1.0, 1.0, 1.0, 5.0, 5.0, 5.0), java.util.Arrays.stream(f).boxed().toList());
        Smoothing chain = Smoothing.parse("moving:1+round:1");
        assertEquals("moving:1:1+round:1", chain.text());
    }

    @Test
    void stationaryPhasesOfThreeLevels() {
        Profile p = Profile.of(timeline(THREE_LEVELS), 300);
        List<Phase> phases = new PhaseFinder(Smoothing.DEFAULT, PhaseFinder.DEFAULT_PENALTY, 11).find(p);
        List<Phase> stationary = phases.stream().filter(ph -> ph.kind() == Phase.Kind.STATIONARY).toList();
        assertEquals(3, stationary.size(), phases.toString());
        assertEquals(4.0, stationary.get(0).mean(), 0.05);
        assertEquals(1.0, stationary.get(1).mean(), 0.05);
        assertEquals(4.0, stationary.get(2).mean(), 0.05);
        // the level changes at 1 s and 2 s; smoothing over 11 bins of 0.01 s blurs them by at most 0.06 s
        assertEquals(1.0, stationary.get(1).start(), 0.06);
        assertEquals(2.0, stationary.get(1).end(), 0.06);
        assertEquals(0.0, stationary.get(0).variance(), 1e-9);
    }

    @Test
    void givenBoundariesAndZeroLengthPhases() {
        Profile p = Profile.of(timeline(THREE_LEVELS), 300);
        List<Phase> phases = PhaseFinder.given(p, List.of(1.0, 2.0), "--boundaries");
        assertEquals(3, phases.size());
        assertEquals(1.0, phases.get(1).mean(), 1e-9);
        lcm.source.UserError e = org.junit.jupiter.api.Assertions.assertThrows(lcm.source.UserError.class,
                () -> PhaseFinder.given(p, List.of(1.0, 1.0), "--boundaries"));
        assertTrue(e.getMessage().contains("phase 2 would have zero or negative length"), e.getMessage());
    }

    /**
     * Two tasks, four iterations of: compute, send to the other (0.1 s), receive from it
     * (0.1 s). The first iteration computes 1.5 s, the others 1 s.
     */
    static String exchange(int iterations) {
        StringBuilder sb = new StringBuilder();
        double t = 0;
        for (int i = 0; i < iterations; i++) {
            double c = i == 0 ? 1.5 : 1.0;
            for (String[] pq : new String[][] {{"p0", "p1"}, {"p1", "p0"}}) {
                sb.append(String.format(java.util.Locale.ROOT, "%s compute %.3f %.3f%n", pq[0], t, t + c));
                sb.append(String.format(java.util.Locale.ROOT, "%s send %.3f %.3f to=%s size=100%n", pq[0], t + c, t + c + 0.1, pq[1]));
                sb.append(String.format(java.util.Locale.ROOT, "%s recv %.3f %.3f from=%s%n", pq[0], t + c + 0.1, t + c + 0.2, pq[1]));
            }
            t += c + 0.2;
        }
        return sb.toString();
    }

    @Test
    void logicalTraceTicksAndLoopNest() {
        LogicalTrace lt = LogicalTrace.of(timeline(exchange(4)).messages().orElseThrow());
        // per iteration: tick 2i both send, tick 2i+1 both receive: 8 ticks, 2 symbols
        assertEquals(8, lt.ticks().size());
        assertEquals(2, lt.symbolCount());
        LoopNest nest = LoopNest.of(lt.sequence());
        assertEquals("(s0 s1)^4", nest.text());
        assertEquals(1.0, nest.coverage(), 1e-12);
        // the first receive's computation before it: none (the send came right before)
        assertEquals(1.5, lt.ticks().get(0).events().get(0).computeBefore(), 1e-9);
        assertEquals(0.0, lt.ticks().get(1).events().get(0).computeBefore(), 1e-9);
    }

    @Test
    void pas2pPredictionFromOneExecutionAndItsWeight() {
        RepeatedPhases rp = RepeatedPhases.of(LogicalTrace.of(timeline(exchange(4)).messages().orElseThrow()));
        assertEquals(1, rp.phases().size());
        RepeatedPhases.RepeatedPhase ph = rp.phases().get(0);
        assertEquals(4, ph.weight());
        // executions take 1.7 (the first: 1.5 + 0.2), 1.2, 1.2, 1.2 s: one execution is the mean
        // after the first, 1.2 s; the measured run is 1.7 + 3 * 1.2 = 5.3 s
        assertEquals(1.2, ph.firstTime(), 1e-9);
        assertEquals(5.3, rp.measured(), 1e-9);
        // prediction 4 * 1.2 = 4.8 s: error (4.8 - 5.3)/5.3 = -9.43 %
        assertEquals(4.8, rp.predicted(), 1e-9);
        assertEquals(-0.0943, rp.error(), 1e-4);
    }

    @Test
    void nestedLoopsAreFoundInnerFirst() {
        // A A B A A B A A B: (A^2 B)^3
        LoopNest nest = LoopNest.of(new int[] {0, 0, 1, 0, 0, 1, 0, 0, 1});
        assertEquals("((s0)^2 s1)^3", nest.text());
        assertEquals(4, nest.compressedLength()); // outer loop, inner loop, s0, s1
    }

    @Test
    void syncTracesHaveProfilesToo() {
        SourceRegistry sources = new SourceRegistry();
        Path p = Path.of("two.sync");
        sources.register(SourceText.of(p, """
                task a
                f, begin, , 0
                f, post, go, 2
                f, end, , 2
                task b
                g, begin, , 0
                g, wait, go, 0
                g, end, , 1
                """));
        Timeline tl = TimelineReader.fromPrograms("two.sync", lcm.trace.SyncTraceReader.read(sources.read(p)));
        Profile prof = Profile.of(tl, 3);
        // a busy 0..2, b waits 0..2 then busy 2..3: bins of 1 s
        assertEquals(List.of(1.0, 1.0, 1.0), java.util.Arrays.stream(prof.busy()).boxed().toList());
        assertEquals(List.of(1.0, 1.0, 0.0), java.util.Arrays.stream(prof.lost().get("wait")).boxed().toList());
    }

    @Test
    void chromeTimelineOfAnotherToolWithMpiSlices(@org.junit.jupiter.api.io.TempDir Path dir) throws Exception {
        // r0 computes 0..1 s, then MPI_Allreduce 1..1.5 s; r1 computes 0..1.5 s (times in microseconds)
        Path f = dir.resolve("run.json");
        java.nio.file.Files.writeString(f, """
                {"traceEvents": [
                 {"ph": "M", "name": "thread_name", "pid": 1, "tid": 1, "args": {"name": "r0"}},
                 {"ph": "M", "name": "thread_name", "pid": 1, "tid": 2, "args": {"name": "r1"}},
                 {"ph": "X", "name": "compute", "pid": 1, "tid": 1, "ts": 0, "dur": 1000000},
                 {"ph": "X", "name": "MPI_Allreduce", "pid": 1, "tid": 1, "ts": 1000000, "dur": 500000},
                 {"ph": "X", "name": "compute", "pid": 1, "tid": 2, "ts": 0, "dur": 1500000}
                ]}
                """);
        Timeline tl = TimelineReader.read(f, new SourceRegistry());
        Profile p = Profile.of(tl, 3);
        // bins of 0.5 s: 2, 2, 1 busy; MPI_Allreduce 0, 0, 1
        assertEquals(List.of(2.0, 2.0, 1.0), java.util.Arrays.stream(p.busy()).boxed().toList());
        assertEquals(1.0, p.lost().get("MPI_Allreduce")[2], 1e-9);
        assertEquals(1.5, tl.length(), 1e-9);
    }

    @Test
    void clockSkewIsAWarningAndTheLogicalTraceKeepsCausality() {
        // p1's receive ends at 0.5 s, before p0 sends at 1 s
        LogicalTrace lt = LogicalTrace.of(timeline("""
                p0 compute 0 1
                p0 send 1 1.1 to=p1 size=8
                p1 compute 0 0.2
                p1 recv 0.2 0.5 from=p0
                """).messages().orElseThrow());
        assertEquals(2, lt.ticks().size());
        assertTrue(lt.ticks().get(0).events().get(0).send(), "the send is tick 0, the receive tick 1");
        assertEquals(1, lt.warnings().size());
        assertTrue(lt.warnings().get(0).toString().contains("test.mpt:4:"), lt.warnings().toString());
        assertTrue(lt.warnings().get(0).message().contains("before its message is sent"), lt.warnings().toString());
    }

    /**
     * A collective is one event per member, all in one tick after the latest member's previous
     * event: p0 sends at tick 0, p1 receives at tick 1, so the allreduce of p0, p1 and p2 is
     * tick 2 for all three (p2 had nothing before it), and the loop repeats every 3 ticks.
     */
    @Test
    void collectivesShareOneTickAfterTheirLastMember() {
        StringBuilder mpt = new StringBuilder();
        for (int it = 0; it < 2; it++) {
            double t = 10 * it;
            mpt.append("p0 compute ").append(t).append(' ').append(t + 1).append('\n')
                    .append("p0 send ").append(t + 1).append(' ').append(t + 1).append(" to=p1 size=8\n")
                    .append("p1 recv ").append(t).append(' ').append(t + 2).append(" from=p0 size=8\n")
                    .append("p0 collective ").append(t + 1).append(' ').append(t + 3).append(" name=MPI_Allreduce\n")
                    .append("p1 collective ").append(t + 2).append(' ').append(t + 3).append(" name=MPI_Allreduce\n")
                    .append("p2 compute ").append(t).append(' ').append(t + 0.5).append('\n')
                    .append("p2 collective ").append(t + 0.5).append(' ').append(t + 3).append(" name=MPI_Allreduce\n");
        }
        LogicalTrace lt = LogicalTrace.of(timeline(mpt.toString()).messages().orElseThrow());
        assertEquals(6, lt.ticks().size());
        LogicalTrace.Tick reduce = lt.ticks().get(2);
        assertEquals(List.of(0, 1, 2), reduce.events().stream().map(LogicalTrace.Event::task).toList());
        assertTrue(reduce.events().stream().allMatch(e -> e.isCollective() && e.parties() == 3), reduce.toString());
        assertEquals("p0:MPI_Allreduce/3 p1:MPI_Allreduce/3 p2:MPI_Allreduce/3", lt.symbol(reduce.symbol()));
        // p2 computes 0.5 s before the allreduce: its extended basic block
        assertEquals(0.5, reduce.events().get(2).computeBefore(), 1e-12);
        // the second iteration repeats the first: the same three symbols
        int[] seq = lt.sequence();
        assertEquals(List.of(0, 1, 2, 0, 1, 2), java.util.Arrays.stream(seq).boxed().toList());
    }

    /** Paraver's MPI collective events make collectives in the logical trace too. */
    @Test
    void paraverCollectivesAreLogicalEvents() {
        Timeline tl = TimelineReader.read(lcm.trace.Fixtures.traces("exchange.prv"), new SourceRegistry());
        LogicalTrace lt = LogicalTrace.of(tl.messages().orElseThrow());
        // the message 1.1.1 -> 1.2.1 (send tick 0, receive tick 1), then the allreduce of all three (tick 2)
        assertEquals(3, lt.ticks().size());
        assertEquals("1.1.1:MPI_Allreduce/3 1.2.1:MPI_Allreduce/3 1.3.1:MPI_Allreduce/3", lt.symbol(lt.ticks().get(2).symbol()));
    }

    /**
     * PAS2P's phases need not be adjacent: in A B A (no loop; each a ping-pong of 4 ticks) A is
     * one phase of weight 2. Tick starts: A at 0 and 3, B at 1; boundaries 0, 0, 1, 1, | 1, 1,
     * 3, 3, | 3, 3, 6, 6, | end 7: A's executions take 1 s and 4 s (the second includes p0's
     * last second of work), B 2 s. One execution of A is the one after the first, 4 s:
     * predicted 2 x 4 + 2 = 10 s against 7 s measured.
     */
    @Test
    void aSequenceThatComesBackLaterIsOnePhaseWithItsWeight() {
        StringBuilder mpt = new StringBuilder();
        double[][] phases = {{0, 1, 1}, {1, 3, 2}, {3, 6, 1}}; // from, to, tag
        for (double[] ph : phases) {
            String from = Double.toString(ph[0]);
            String to = Double.toString(ph[1]);
            String tag = " tag=" + (int) ph[2];
            mpt.append("p0 compute ").append(from).append(' ').append(to).append('\n')
                    .append("p0 send ").append(to).append(' ').append(to).append(" to=p1 size=8").append(tag).append('\n')
                    .append("p1 recv ").append(from).append(' ').append(to).append(" from=p0").append(tag).append('\n')
                    .append("p1 send ").append(to).append(' ').append(to).append(" to=p0 size=8").append(tag).append('\n')
                    .append("p0 recv ").append(to).append(' ').append(to).append(" from=p1").append(tag).append('\n');
        }
        mpt.append("p0 compute 6 7\n");
        LogicalTrace lt = LogicalTrace.of(timeline(mpt.toString()).messages().orElseThrow());
        RepeatedPhases rp = RepeatedPhases.of(lt);
        assertEquals(List.of(0, 1, 2, 3, 4, 5, 6, 7, 0, 1, 2, 3), java.util.Arrays.stream(lt.sequence()).boxed().toList());
        assertEquals(2, rp.phases().size(), rp.phases().toString());
        RepeatedPhases.RepeatedPhase a = rp.phases().get(0);
        assertEquals(4, a.ticks());
        assertEquals(2, a.weight());
        assertEquals(4.0, a.firstTime(), 1e-12);
        assertEquals(5.0, a.totalTime(), 1e-12);
        assertEquals(1, rp.phases().get(1).weight());
        assertEquals(2.0, rp.phases().get(1).predicted(), 1e-12);
        assertEquals(7.0, rp.measured(), 1e-12);
        assertEquals(10.0, rp.predicted(), 1e-12);
    }

    /** p0's allreduce comes before its send; p1 receives that send before its allreduce: it never gathers. */
    @Test
    void aCollectiveThatNeverGathersIsAnErrorAtItsLine() {
        lcm.source.UserError e = org.junit.jupiter.api.Assertions.assertThrows(lcm.source.UserError.class,
                () -> LogicalTrace.of(timeline("""
                        p0 collective 0 1 name=MPI_Allreduce
                        p0 send 1 1 to=p1 size=8
                        p1 recv 0 1 from=p0
                        p1 collective 1 2 name=MPI_Allreduce
                        """).messages().orElseThrow()));
        assertEquals("test.mpt:1:4: collective MPI_Allreduce #1 of task p0 never gathers its members: another member "
                + "waits for a message that follows it (clocks out of step, or collectives called in different orders?)",
                e.diagnostics().get(0).toString());
    }
}
