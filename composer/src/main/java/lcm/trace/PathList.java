package lcm.trace;

import java.util.AbstractList;
import java.util.RandomAccess;

/**
 * A critical path as a list that reads its events from the {@link HopLog} when asked: 8 bytes
 * an event in memory, however long the path.
 */
final class PathList extends AbstractList<PathEvent> implements RandomAccess {

    private final long[] codes;
    private final HopLog hops;
    private final String[] names;
    private final int lastTask;
    private final Step finalStep;
    private final double finalTime;

    PathList(long[] codes, HopLog hops, String[] names, int lastTask, Step finalStep, double finalTime) {
        this.codes = codes;
        this.hops = hops;
        this.names = names;
        this.lastTask = lastTask;
        this.finalStep = finalStep;
        this.finalTime = finalTime;
    }

    @Override
    public PathEvent get(int i) {
        long code = codes[i];
        if (code == PathCodes.FINAL) {
            return new PathEvent(names[lastTask], finalStep.describe(), finalTime);
        }
        HopLog.Record r = hops.read(code >>> 1);
        return (code & 1) == 0
                ? new PathEvent(names[r.task()], r.entry(), r.entryTime())
                : new PathEvent(names[r.fromTask()], r.fromEvent(), r.fromTime());
    }

    @Override
    public int size() {
        return closed ? 0 : codes.length;
    }

    private boolean closed;

    void close() {
        closed = true;
        hops.close();
    }
}
