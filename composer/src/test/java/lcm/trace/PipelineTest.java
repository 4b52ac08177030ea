package lcm.trace;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * The thesis' pipeline-fill estimate (Crovella 6.3.1, DESIGN 5.4): a producer posts after each
 * of its iterations, a consumer waits before each of its own. The predicted time is the slower
 * task's total plus one iteration of the other.
 */
class PipelineTest {

    static final int N = 4;

    static List<TaskProgram> pipeline(double produce, double consume) {
        TaskProgram.Builder producer = TaskProgram.named("producer");
        TaskProgram.Builder consumer = TaskProgram.named("consumer");
        for (int i = 1; i <= N; i++) {
            producer.compute(produce, "produce").post("ready(" + i + ")");
            consumer.waitFor("ready(" + i + ")").compute(consume, "consume");
        }
        return List.of(producer.build(), consumer.build());
    }

    @Test
    void slowerConsumerTakesItsTotalPlusOneProducerIteration() {
        // producer iteration 2, consumer iteration 3, 4 iterations:
        // ready(1) is posted at 2; the consumer then never waits again: 2 + 4*3 = 14 = 12 + 2.
        CriticalPath.Result r = CriticalPath.of(pipeline(2, 3));
        assertEquals(14.0, r.length());
        assertEquals(16, r.events());
        assertEquals(List.of(
                new PathEvent("producer", "start", 0),
                new PathEvent("producer", "post ready(1)", 2),
                new PathEvent("consumer", "wait ready(1)", 2),
                new PathEvent("consumer", "consume", 14)), r.path());
        assertEquals(List.of(), r.warnings());
    }

    @Test
    void slowerProducerTakesItsTotalPlusOneConsumerIteration() {
        // producer iteration 3, consumer iteration 2: ready(4) is posted at 4*3 = 12,
        // the consumer's last iteration ends at 12 + 2 = 14.
        CriticalPath.Result r = CriticalPath.of(pipeline(3, 2));
        assertEquals(14.0, r.length());
        assertEquals(List.of(
                new PathEvent("producer", "start", 0),
                new PathEvent("producer", "post ready(4)", 12),
                new PathEvent("consumer", "wait ready(4)", 12),
                new PathEvent("consumer", "consume", 14)), r.path());
    }

    @Test
    void equalSpeedsFollowTheConsumerAfterTheFirstPost() {
        // 2 and 2: ready(1) at 2, consumer ends 2 + 4*2 = 10; every later wait ties with the
        // consumer's own work, and a tie follows program order.
        CriticalPath.Result r = CriticalPath.of(pipeline(2, 2));
        assertEquals(10.0, r.length());
        assertEquals(new PathEvent("consumer", "wait ready(1)", 2), r.path().get(2));
        assertEquals(4, r.path().size());
    }
}
