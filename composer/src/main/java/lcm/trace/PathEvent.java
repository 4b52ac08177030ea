package lcm.trace;

/** One event on the critical path: the task it happens on, what it is, and when. */
public record PathEvent(String task, String event, double time) {
}
