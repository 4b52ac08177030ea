package lcm.measure;

import java.util.Arrays;

/**
 * A fragment at a point, as a key of a hash map: its tag, names of keys and values, the arrays
 * compared by their content. {@link PpRuns} groups the lines of a run by it (the names its
 * variables'); {@link OwnRuns} the rows without run headers (the names all of a row's keys, the
 * values its coordinates').
 */
record FragmentPoint(String tag, String[] names, double[] values) {

    @Override
    public boolean equals(Object o) {
        return o instanceof FragmentPoint k && k.tag.equals(tag) && Arrays.equals(k.names, names) && Arrays.equals(k.values, values);
    }

    @Override
    public int hashCode() {
        return 31 * (31 * tag.hashCode() + Arrays.hashCode(names)) + Arrays.hashCode(values);
    }

    @Override
    public String toString() {
        return tag + " " + Arrays.toString(names) + " " + Arrays.toString(values);
    }
}
