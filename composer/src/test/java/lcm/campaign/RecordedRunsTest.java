package lcm.campaign;

import lcm.source.UserError;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A pp file cut at its campaign's run marks. */
class RecordedRunsTest {

    private static final Path PP = Path.of("t.pp");

    private static final String TEXT = """
            # an earlier run, not of the campaign
            tag=a n=1 p=1 pc=1 li=0 ip=0 sl=0
            # campaign c: task 3 (tp at n=64 p=1, run 1 of 2); 1.250 s
            # run: p = 1 processors; time 0.1 s (x); command 1 s; n = 64
            tag=a n=64 p=1 pc=1 li=0 ip=0 sl=0
            # campaign other: task 0 (tp at n=64 p=1, run 1 of 1); 9.000 s
            tag=a n=64 p=1 pc=2 li=0 ip=0 sl=0
            # campaign c: task 0 (tp at n=128 p=2, run 1 of 2); NaN s
            tag=a n=128 p=2 pc=1 li=0 ip=0 sl=0
            # campaign c: task 3 (tp at n=64 p=1, run 1 of 2); 2.000 s
            tag=a n=64 p=1 pc=3 li=0 ip=0 sl=0
            """;

    @Test
    void blocksByTaskWithTheirSeconds() {
        RecordedRuns r = RecordedRuns.parse(PP, TEXT, "c");
        assertEquals("# an earlier run, not of the campaign\ntag=a n=1 p=1 pc=1 li=0 ip=0 sl=0\n", r.prefix());
        assertEquals(List.of(3, 0), List.copyOf(r.blocks().keySet()));
        // another campaign's mark is a comment inside task 3's block
        assertEquals(5, r.blocks().get(3).text().lines().count());
        assertEquals(1.25, r.blocks().get(3).seconds());
        assertTrue(Double.isNaN(r.blocks().get(0).seconds()));
        assertTrue(r.blocks().get(0).text().endsWith("pc=1 li=0 ip=0 sl=0\n"));
        // task 3 twice: the second block is extra
        assertEquals(List.of(3), r.doubled());
        assertEquals(1, r.extra().size());
        assertTrue(r.has(0));
        assertFalse(r.has(1));
        // prefix and blocks give the file back
        assertEquals(TEXT, r.prefix() + String.join("", r.blocks().values().stream().map(RecordedRuns.Block::text).toList())
                + r.extra().get(0).text());
    }

    @Test
    void aFileWithoutMarksIsAllPrefix() {
        RecordedRuns r = RecordedRuns.parse(PP, "tag=a p=1 pc=1\n", "c");
        assertEquals("tag=a p=1 pc=1\n", r.prefix());
        assertTrue(r.blocks().isEmpty());
        assertEquals("# x", RecordedRuns.parse(PP, "# x", "c").prefix());
    }

    @Test
    void aBadValueIsAnErrorAtItsColumn() {
        UserError e = assertThrows(UserError.class, () -> RecordedRuns.parse(PP, TEXT.replace("pc=3", "pc=--3"), "c"));
        assertEquals("t.pp:11:19: bad value '--3' for 'pc': expected a number", e.diagnostics().get(0).headline());
        UserError mark = assertThrows(UserError.class, () -> RecordedRuns.parse(PP,
                TEXT.replace("task 0 (tp", "task 99999999999 (tp"), "c"));
        assertEquals("t.pp:6:24: bad value '99999999999' for 'task': expected a whole number from 0 to 2147483647",
                mark.diagnostics().get(0).headline());
        UserError x = assertThrows(UserError.class, () -> RecordedRuns.parse(PP, "x", "c"));
        assertEquals("t.pp:1:1: expected key=value, found 'x'", x.diagnostics().get(0).headline());
    }
}
