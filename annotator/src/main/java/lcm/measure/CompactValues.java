package lcm.measure;

import java.util.AbstractMap;
import java.util.AbstractSet;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.NoSuchElementException;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * A measurement's values as an immutable map in the order they were given, stored as one array
 * of keys and one of numbers. A pp file of 10^7 per-execution lines is some 10^5 observations, each
 * with a dozen keys: as a {@code LinkedHashMap} of boxed numbers that is about 900 bytes each (86 MB,
 * more than a small heap holds); here it is the numbers and two references (about 150 bytes), the
 * key arrays shared between observations that have the same keys in the same order (a pp file has a
 * handful of such layouts).
 */
final class CompactValues extends AbstractMap<String, Double> {

    /** Key layouts shared between measurements; bounded, so odd inputs cannot grow it without end. */
    private static final int SHARED_LAYOUTS = 256;
    private static final Map<List<String>, String[]> LAYOUTS = new ConcurrentHashMap<>();

    private final String[] keys;
    private final double[] values;

    private CompactValues(String[] keys, double[] values) {
        this.keys = keys;
        this.values = values;
    }

    /** The values of {@code map} in its order (a {@code CompactValues} is returned as it is). */
    static Map<String, Double> of(Map<String, Double> map) {
        if (map instanceof CompactValues c) {
            return c;
        }
        String[] keys = new String[map.size()];
        double[] values = new double[keys.length];
        int i = 0;
        for (Map.Entry<String, Double> e : map.entrySet()) {
            keys[i] = Objects.requireNonNull(e.getKey(), "key");
            values[i++] = Objects.requireNonNull(e.getValue(), () -> "value of " + e.getKey());
        }
        return new CompactValues(shared(keys), values);
    }

    private static String[] shared(String[] keys) {
        List<String> layout = List.of(keys);
        String[] known = LAYOUTS.get(layout);
        if (known != null) {
            return known;
        }
        if (LAYOUTS.size() < SHARED_LAYOUTS) {
            String[] prev = LAYOUTS.putIfAbsent(layout, keys);
            return prev == null ? keys : prev;
        }
        return keys;
    }

    private int indexOf(Object key) {
        for (int i = 0; i < keys.length; i++) {
            if (keys[i] == key) {
                return i;
            }
        }
        for (int i = 0; i < keys.length; i++) {
            if (keys[i].equals(key)) {
                return i;
            }
        }
        return -1;
    }

    @Override
    public Double get(Object key) {
        int i = indexOf(key);
        return i < 0 ? null : values[i];
    }

    @Override
    public boolean containsKey(Object key) {
        return indexOf(key) >= 0;
    }

    @Override
    public int size() {
        return keys.length;
    }

    @Override
    public Set<Entry<String, Double>> entrySet() {
        return new AbstractSet<>() {
            @Override
            public Iterator<Entry<String, Double>> iterator() {
                return new Iterator<>() {
                    private int next;

                    @Override
                    public boolean hasNext() {
                        return next < keys.length;
                    }

                    @Override
                    public Entry<String, Double> next() {
                        if (next >= keys.length) {
                            throw new NoSuchElementException();
                        }
                        int i = next++;
                        return new SimpleImmutableEntry<>(keys[i], values[i]);
                    }
                };
            }

            @Override
            public int size() {
                return keys.length;
            }
        };
    }

    @Override
    public String toString() {
        StringBuilder s = new StringBuilder("{");
        for (int i = 0; i < keys.length; i++) {
            s.append(i == 0 ? "" : ", ").append(keys[i]).append('=').append(values[i]);
        }
        return s.append('}').toString();
    }
}
