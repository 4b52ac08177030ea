package lcm.trace;

/**
 * A link of the critical-path back chain. The engine does not keep the event graph: each task
 * remembers only the hop through which the longest path into its current event entered it,
 * either at its start or at a wait, receive or barrier whose time was set by another task.
 * Between hops the path follows the task's own program order, so nothing is stored for it.
 * Hops that no task, open token or pending barrier refers to any more are garbage, so the
 * chains alive at any moment are the critical paths into the tasks' current events.
 *
 * @param entry     the step through which the path entered {@code task}, null for its start
 * @param from      the hop of the run the path came from, null at a task start
 * @param fromStep  the event on {@code fromTask} that released {@code entry}
 * @param fromSegment the work {@code fromTask} did on the path, from where the path entered it to {@code fromStep}
 */
record Hop(int task, Step entry, double entryTime, Hop from, int fromTask, Step fromStep, double fromTime,
           Segment fromSegment) {

    static Hop start(int task, double time) {
        return new Hop(task, null, time, null, -1, null, 0, Segment.EMPTY);
    }
}
