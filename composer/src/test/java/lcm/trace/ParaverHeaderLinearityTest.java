package lcm.trace;

import lcm.bench.Linearity;
import lcm.source.SourceText;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The thread-name reader of a Paraver header reads in time linear in the header: a header
 * followed by 100,000 digits took 18 s (a regular expression searched from every digit).
 */
class ParaverHeaderLinearityTest {

    @TempDir
    Path tmp;

    @Test
    void threadOrderIsReadFromTheApplicationList() {
        assertEquals(List.of("1.1.1", "1.2.1", "1.2.2", "1.3.1"),
                ParaverNames.threadOrder("#Paraver (23/11/2026 at 12:00):1000_ns:1(4):1:3(1:1,2:1,1:1)", 10));
        assertEquals(List.of("1.1.1", "1.2.1"),
                ParaverNames.threadOrder("#Paraver (23/11/2026 at 12:00):1000_ns:1(4):1:3(1:1,2:1,1:1)", 2));
        assertEquals(List.of(), ParaverNames.threadOrder("#Paraver (x):1000_ns:" + "7".repeat(1000), 4));
    }

    @Test
    void aHeaderOfDigitsIsReadAndTheUnknownLineWarned() throws IOException {
        Path prv = tmp.resolve("d.prv");
        Files.writeString(tmp.resolve("d.row"), "LEVEL THREAD SIZE 2\nTHREAD 1.1.1\nTHREAD 1.2.1\n");
        Files.writeString(prv, "#Paraver (23/11/2026 at 12:00):" + "1".repeat(100_000) + "\nx\n");
        MessageTrace t = ParaverReader.read(SourceText.read(prv));
        assertEquals(List.of(), t.tasks());
        assertEquals(prv + ":2:1: warning: unknown record type 'x' (expected 1 state, 2 event, 3 communication or c "
                + "communicator): 1 line skipped", t.warnings().get(0).headline());
    }

    @Tag("timing")
    @Test
    void tenTimesTheDigitsTakeAtMostTwelveTimesTheTime() {
        Linearity.Ratio r = Linearity.of(20_000, 5, n -> {
            Path prv = tmp.resolve("h" + n + ".prv");
            try {
                Files.writeString(tmp.resolve("h" + n + ".row"), "LEVEL THREAD SIZE 1\nTHREAD 1.1.1\n");
                Files.writeString(prv, "#Paraver (23/11/2026 at 12:00):1000_ns:" + "1".repeat(n) + "\n1:1:1:1:1:0:300:1\n");
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            SourceText text = SourceText.read(prv);
            return () -> ParaverReader.read(text);
        });
        assertTrue(r.ratio() <= 12, r.toString());
    }
}
