package lcm.trace;

import java.util.Arrays;

/**
 * The events of a critical path as 8-byte codes into the {@link HopLog}: the entry event of the
 * hop at id, the releasing event on the other task of that hop, or the last task's final event.
 */
final class PathCodes {

    static final long FINAL = -1;

    private long[] codes = new long[16];
    private int size;

    static long entry(long id) {
        return id << 1;
    }

    static long from(long id) {
        return id << 1 | 1;
    }

    void add(long code) {
        if (size == codes.length) {
            codes = Arrays.copyOf(codes, size * 2);
        }
        codes[size++] = code;
    }

    /** The codes in the opposite order (the walk goes back from the end). */
    long[] reversed() {
        long[] out = new long[size];
        for (int i = 0; i < size; i++) {
            out[i] = codes[size - 1 - i];
        }
        return out;
    }
}
