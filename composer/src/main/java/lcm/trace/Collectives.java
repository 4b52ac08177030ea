package lcm.trace;

import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;

/**
 * The collective operations of a measured trace, matched across tasks: the k-th collective of
 * a name on one task is the same operation as the k-th of that name on every other task that
 * has one (MPI calls collectives in the same order on all members of a communicator). Each
 * becomes a barrier among those tasks; {@link #latestBegin} is when the last member arrived.
 */
final class Collectives {

    private final Map<Interval, String> keys = new IdentityHashMap<>();
    private final Map<String, Integer> parties = new HashMap<>();
    private final Map<String, Double> latest = new HashMap<>();

    Collectives(List<MessageTrace.Task> tasks) {
        for (MessageTrace.Task t : tasks) {
            Map<String, Integer> seen = new HashMap<>();
            for (Interval i : t.intervals()) {
                if (i.kind() == Interval.Kind.COLLECTIVE) {
                    String key = i.fragment() + " #" + seen.merge(i.fragment(), 1, Integer::sum);
                    keys.put(i, key);
                    parties.merge(key, 1, Integer::sum);
                    latest.merge(key, i.begin(), Math::max);
                }
            }
        }
    }

    /** The operation's name: {@code MPI_Allreduce #3}. */
    String key(Interval i) {
        return keys.get(i);
    }

    int parties(Interval i) {
        return parties.get(keys.get(i));
    }

    double latestBegin(Interval i) {
        return latest.get(keys.get(i));
    }

    /**
     * The steps of collective {@code i}: a barrier among its members (the arrival at the
     * interval's begin), then the measured rest after the last member arrived, labelled with
     * the operation's name.
     */
    void steps(Interval i, List<Step> out) {
        out.add(Step.barrier(key(i), parties(i)).at(i.origin()));
        double rest = i.end() - Math.max(i.begin(), latestBegin(i));
        if (rest > 0) {
            out.add(new Step(Step.Kind.MARK, i.fragment(), rest, i.fragment(), 0, null, i.origin()));
        }
    }
}
