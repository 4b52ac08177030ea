package lcm.validate;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** The reasons a bootstrap's failed resamples give, counted and most frequent first. */
class FailureReasonsTest {

    @Test
    void theMostFrequentMessagesWithTheirCounts() {
        List<String> failures = new ArrayList<>();
        failures.addAll(Collections.nCopies(18, "b"));
        failures.addAll(Collections.nCopies(41, "no form could be fitted to 2 points of pc against n"));
        // 59 failures: 41 of one message, 18 of another
        assertEquals("41 x 'no form could be fitted to 2 points of pc against n'; 18 x 'b'", FailureReasons.of(failures));
    }

    @Test
    void beyondThreeTheOthersAreCounted() {
        // ties keep the order first met: c, a, d (2 each), then b and e (1 each) are counted
        List<String> failures = List.of("c", "a", "c", "b", "a", "d", "d", "e");
        assertEquals("2 x 'c'; 2 x 'a'; 2 x 'd'; and 2 other reasons", FailureReasons.of(failures));
        assertEquals("2 x 'c'; 2 x 'a'; 2 x 'd'; and 1 other reason", FailureReasons.of(List.of("c", "a", "c", "b", "a", "d", "d")));
        assertEquals("1 x 'only'", FailureReasons.of(List.of("only")));
    }
}
