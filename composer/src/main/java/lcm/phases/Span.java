package lcm.phases;

/**
 * One stretch of a task's time: from {@code begin} to {@code end} seconds, either busy (the
 * task computes) or lost to {@code category} (a receive, a wait, a Paraver state such as
 * {@code Group Communication}).
 */
public record Span(double begin, double end, boolean busy, String category) {

    public double duration() {
        return end - begin;
    }
}
