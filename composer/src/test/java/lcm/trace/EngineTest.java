package lcm.trace;

import lcm.source.Diagnostic;
import lcm.source.UserError;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/** The engine's rules on small programs whose answers can be checked by hand. */
class EngineTest {

    @Test
    void barrierEndsWhenTheLastPartyArrives() {
        // a, b, c work 1, 3, 2, meet at barrier x, then work 1 more: 3 + 1 = 4. All end at 4;
        // the path is reported into the first of them, a, coming from b's arrival at 3.
        List<TaskProgram> tasks = List.of(
                TaskProgram.named("a").compute(1, "w").barrier("x").compute(1, "after").build(),
                TaskProgram.named("b").compute(3, "w").barrier("x").compute(1, "after").build(),
                TaskProgram.named("c").compute(2, "w").barrier("x").compute(1, "after").build());
        CriticalPath.Result r = CriticalPath.of(tasks);
        assertEquals(4.0, r.length());
        assertEquals(List.of(
                new PathEvent("b", "start", 0),
                new PathEvent("b", "barrier x", 3),
                new PathEvent("a", "barrier x", 3),
                new PathEvent("a", "after", 4)), r.path());
        assertEquals(9, r.events());
    }

    @Test
    void receiveEndsAtTheLaterOfItsOwnCostAndTheEndOfItsSend() {
        // s: work 1, send m taking 2 -> available at 3. r: receive of cost 5 from 0 -> max(5, 3) = 5.
        // r2: work 4, receive of cost 0.5 -> max(4.5, 3) = 4.5 (each message has its own key).
        List<TaskProgram> tasks = List.of(
                TaskProgram.named("s").compute(1, "w").send("m", 2).send("n", 0).build(),
                TaskProgram.named("r").recv("m", 5).build(),
                TaskProgram.named("r2").compute(4, "w").recv("n", 0.5).build());
        CriticalPath.Result r = CriticalPath.of(tasks);
        assertEquals(5.0, r.length());
        assertEquals(List.of(new PathEvent("r", "start", 0), new PathEvent("r", "recv m", 5)), r.path());
        // with a receive cost of 1 the send decides: max(1, 3) = 3, then 1 more: 4
        CriticalPath.Result r2 = CriticalPath.of(List.of(
                TaskProgram.named("s").compute(1, "w").send("m", 2).build(),
                TaskProgram.named("r").recv("m", 1).compute(1, "w").build()));
        assertEquals(4.0, r2.length());
        assertEquals(List.of(new PathEvent("s", "start", 0), new PathEvent("s", "send m", 3),
                new PathEvent("r", "recv m", 3), new PathEvent("r", "w", 4)), r2.path());
    }

    @Test
    void onePostSatisfiesOneWaitAndAWaitThatSeveralPostsCanSatisfyIsWarnedAbout() {
        // a posts x at 1, b posts x at 2; c works 5 then waits x twice: it takes a's post
        // (first posted), and b's could have served too -> stability warning; then b's.
        List<TaskProgram> tasks = List.of(
                TaskProgram.named("a").compute(1, "w").post("x").build(),
                TaskProgram.named("b").compute(2, "w").post("x").build(),
                TaskProgram.named("c").compute(5, "w").waitFor("x").waitFor("x").build());
        CriticalPath.Result r = CriticalPath.of(tasks);
        assertEquals(5.0, r.length());
        assertEquals(List.of(Diagnostic.warning("'wait x' in task 'c' can be satisfied by posts of several tasks ('a', 'b'): "
                + StreamingEngine.UNSTABLE)), r.warnings());
    }

    @Test
    void severalWaitsOnOnePostReleaseOnlyTheFirstAndTheOthersDeadlock() {
        // w1 and w2 both wait for x; p posts x once at 1: w1 (first to wait) gets it; w2 waits forever.
        List<TaskProgram> tasks = List.of(
                TaskProgram.named("p").compute(1, "w").post("x").build(),
                TaskProgram.named("w1").waitFor("x").build(),
                TaskProgram.named("w2").waitFor("x").build());
        UserError e = assertThrows(UserError.class, () -> CriticalPath.of(tasks));
        assertEquals(List.of("lcm: deadlock: task 'w2' waits forever at 'wait x': no matching post"),
                e.diagnostics().stream().map(Diagnostic::headline).toList());
    }

    @Test
    void aPostThatSeveralWaitsCompeteForIsWarnedAbout() {
        // w1 and w2 wait for x from time 0; p posts x at 1 and at 2: w1 gets the first, w2 the second.
        List<TaskProgram> tasks = List.of(
                TaskProgram.named("p").compute(1, "w").post("x").compute(1, "w").post("x").build(),
                TaskProgram.named("w1").waitFor("x").build(),
                TaskProgram.named("w2").waitFor("x").build());
        CriticalPath.Result r = CriticalPath.of(tasks);
        assertEquals(2.0, r.length());
        assertEquals(List.of(Diagnostic.warning("'post x' in task 'p' can satisfy the waits of several tasks ('w1', 'w2'): "
                + StreamingEngine.UNSTABLE)), r.warnings());
    }

    @Test
    void aCycleOfWaitsIsADeadlockNamingEveryBlockedTask() {
        List<TaskProgram> tasks = List.of(
                TaskProgram.named("a").waitFor("y").post("x").build(),
                TaskProgram.named("b").waitFor("x").post("y").build());
        UserError e = assertThrows(UserError.class, () -> CriticalPath.of(tasks));
        String all = " (blocked tasks: a at 'wait y', b at 'wait x')";
        assertEquals(List.of(
                "lcm: deadlock: task 'a' waits forever at 'wait y': no matching post" + all,
                "lcm: deadlock: task 'b' waits forever at 'wait x': no matching post" + all),
                e.diagnostics().stream().map(Diagnostic::headline).toList());
    }

    @Test
    void aDeadlockOfManyTasksNamesTheFirstFewAndCountsTheRest() {
        // a ring of 6 tasks, each waiting for its right neighbour before it posts: all blocked
        List<TaskProgram> ring = new ArrayList<>();
        for (int t = 0; t < 6; t++) {
            ring.add(TaskProgram.named("t" + t).waitFor("x" + (t + 1) % 6).post("x" + t).build());
        }
        UserError e = assertThrows(UserError.class, () -> CriticalPath.of(ring));
        // 6 blocked: the first 3 by task, then the other 3 counted
        String some = " (blocked tasks: t0 at 'wait x1', t1 at 'wait x2', t2 at 'wait x3', ... and 3 more)";
        assertEquals(6, e.diagnostics().size());
        assertEquals("lcm: deadlock: task 't0' waits forever at 'wait x1': no matching post" + some,
                e.diagnostics().get(0).headline());
        assertEquals("lcm: deadlock: task 't5' waits forever at 'wait x0': no matching post" + some,
                e.diagnostics().get(5).headline());

        // 4 blocked (StreamingEngine.LISTED_BLOCKED): all named
        List<TaskProgram> four = new ArrayList<>(ring.subList(0, 3));
        four.add(TaskProgram.named("t3").waitFor("x0").post("x3").build());
        UserError e4 = assertThrows(UserError.class, () -> CriticalPath.of(four));
        assertEquals("lcm: deadlock: task 't0' waits forever at 'wait x1': no matching post (blocked tasks: t0 at 'wait x1',"
                + " t1 at 'wait x2', t2 at 'wait x3', t3 at 'wait x0')", e4.diagnostics().get(0).headline());
    }

    @Test
    void negativeWorkIsAnError() {
        UserError e = assertThrows(UserError.class, () -> CriticalPath.of(List.of(
                TaskProgram.named("a").compute(-1, "w").build())));
        assertEquals("lcm: negative or invalid duration -1 before 'w' in task 'a'", e.diagnostics().get(0).headline());
    }

    @Test
    void taskStartsAndEmptyTasksCount() {
        // b starts at 7 and does nothing: it "ends" at 7, later than a's 2.
        CriticalPath.Result r = CriticalPath.of(List.of(
                TaskProgram.named("a").compute(2, "w").build(),
                TaskProgram.named("b").startAt(7).build()));
        assertEquals(7.0, r.length());
        assertEquals(List.of(new PathEvent("b", "start", 7)), r.path());
        assertEquals(0.0, CriticalPath.of(List.of()).length());
    }
}
