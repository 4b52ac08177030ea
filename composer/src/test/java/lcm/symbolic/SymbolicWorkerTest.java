package lcm.symbolic;

import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

/**
 * One model's symbolic step that does not stop when asked (as Symja's 2^999999999) must not
 * take the worker from the next model's steps (docs/reliability.md#symbolic-time-limits).
 */
class SymbolicWorkerTest {

    @Test
    void aStepThatIgnoresItsLimitDoesNotStallTheNext() throws InterruptedException {
        CountDownLatch release = new CountDownLatch(1);
        // a step that neither polls Symja's stop request nor answers an interrupt, until released
        Object stalled = Simplifier.run(() -> {
            while (true) {
                try {
                    if (release.await(10, TimeUnit.SECONDS)) {
                        return "late";
                    }
                } catch (InterruptedException ignored) {
                    // a long BigInteger power does not look at interrupts either
                }
            }
        }, Duration.ofMillis(100));
        assertNull(stalled);
        // the next model's step runs on a fresh worker at once, within its own limit (as if the first did not exist)
        Integer next = Simplifier.run(() -> 6 * 7, Duration.ofSeconds(30));
        assertEquals(42, next);
        release.countDown();
    }
}
