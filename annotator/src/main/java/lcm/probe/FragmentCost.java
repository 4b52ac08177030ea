package lcm.probe;

/**
 * The lost cycles of one fragment execution, in processor-seconds over the fragment's width (the
 * thesis' pp categories): pc busy in useful work, li idle while unfinished parallel work exists,
 * ip idle while none exists, sl waiting in a lock, barrier or join. {@code width} is the
 * processors composition gives the fragment (docs/measure.md); {@code budget} the
 * processor-seconds that width held while the execution ran, less what fragments nested in it
 * held (their time is theirs), so pc + li + ip + sl = budget for an execution that used exactly
 * its width. {@code start} is seconds from the start of the measured region. {@code spread}: the
 * threads that worked for it and the spread of their busy times ({@link ThreadSpread#NONE} where
 * the probe did not name the threads).
 */
public record FragmentCost(String tag, long exec, double start, double wall, double width, double budget,
                           double pc, double li, double ip, double sl, ThreadSpread spread) {

    public double total() {
        return pc + li + ip + sl;
    }
}
