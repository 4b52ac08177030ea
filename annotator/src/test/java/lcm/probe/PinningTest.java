package lcm.probe;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** Processor lists as Linux writes them, split between a program and its co-runner. */
class PinningTest {

    @Test
    void listsAndTheirText() {
        assertEquals(List.of(0, 1, 2, 3, 8, 10, 11), Pinning.parseList("0-3,8,10-11\n"));
        assertEquals(List.of(), Pinning.parseList("0-x"));
        assertEquals("0-3", Pinning.text(List.of(0, 1, 2, 3)));
        assertEquals("0,2,5", Pinning.text(List.of(0, 2, 5)));
        assertEquals("4", Pinning.text(List.of(4)));
    }

    @Test
    void theProgramGetsTheFirstAndTheCoRunnerTheRest() {
        Pinning p = Pinning.of(List.of(4, 5, 6, 7), true);
        assertEquals(List.of(4, 5), p.first(2));
        assertEquals(List.of(6, 7), p.rest(2));
        assertEquals(List.of("taskset", "-c", "6,7"), p.prefix(p.rest(2)));
        assertEquals(List.of(), Pinning.of(List.of(0, 1), false).prefix(List.of(1)));
    }
}
