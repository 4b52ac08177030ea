package lcm.probe;

import lcm.probe.agent.EventLogFormat;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The thread states are defined once in Java ({@link EventLogFormat}); the OpenMP tool, written
 * in C, writes the two it uses into its log, and must write the same letters.
 */
class EventLogFormatTest {

    @Test
    void theOpenMpToolWritesTheSameStateLetters() throws IOException {
        String c;
        try (InputStream in = LostCycles.class.getResourceAsStream("lcm_ompt.c")) {
            c = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
        String expected = "enum { BUSY = '" + EventLogFormat.BUSY + "', WAIT = '" + EventLogFormat.WAIT + "' };";
        assertTrue(c.contains(expected), "lcm_ompt.c should define " + expected);
        assertEquals(EventLogFormat.BUSY, LostCycles.BUSY);
    }
}
