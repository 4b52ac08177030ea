package lcm.probe;

/**
 * The lost cycles of one fragment execution, in processor-seconds summed over its processors
 * (the thesis' pp categories): pc busy in useful work, li idle while unfinished parallel work
 * exists, ip idle while none exists, sl waiting in a lock, barrier or join. {@code p} is the
 * number of processors the execution had (its share of the machine while it ran, rounded);
 * {@code processorSeconds} the exact share, so pc + li + ip + sl = processorSeconds.
 */
public record FragmentCost(String tag, long exec, double start, double wall, int p, double processorSeconds,
                           double pc, double li, double ip, double sl) {

    public double total() {
        return pc + li + ip + sl;
    }
}
