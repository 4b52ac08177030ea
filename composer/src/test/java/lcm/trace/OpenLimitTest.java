package lcm.trace;

import lcm.source.SourceLocation;
import lcm.source.UserError;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/** The bound on open posts: a located error at the oldest post no wait takes. */
class OpenLimitTest {

    @Test
    void postsThatNoWaitTakesEndInAnErrorAtTheOldest() {
        Path file = Path.of("posts.sync");
        TaskProgram.Builder a = TaskProgram.named("a");
        for (int i = 1; i <= 4; i++) {
            a.step(Step.post("p" + i).withWork(1, "f").at(SourceLocation.of(file, i + 1, 4)));
        }
        UserError e = assertThrows(UserError.class,
                () -> new StreamingEngine(List.of(a.build()), EventSink.NONE, 3).run());
        // the fourth open post passes the limit of 3; the oldest, p1 at time 1, is named at its line
        assertEquals("posts.sync:2:4: more than 3 posts, messages and waits are open at once (the limit for this heap, "
                + (Runtime.getRuntime().maxMemory() >> 20) + " MB; a larger -Xmx raises it): the oldest open one,"
                + " 'post p1' of task 'a' at time 1, is never taken?", e.diagnostics().get(0).toString());
    }
}
