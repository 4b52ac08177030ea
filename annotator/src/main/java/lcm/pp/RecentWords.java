package lcm.pp;

import java.util.Arrays;

/**
 * The words (keys and tags) of the line read last, by their place on the line, so that the next
 * line can take a word that repeats them without hashing and interning it again: lines of a
 * streamed pp file mostly repeat the keys and tag of the line before. Each place keeps its
 * word's bytes in a buffer of its own, reused: remembering a word makes no garbage.
 */
final class RecentWords {

    private String[] words = new String[16];
    private byte[][] bytes = new byte[16][];
    private int[] lengths = new int[16];

    /**
     * The word remembered at {@code place} when the bytes from {@code from} spell it (the line
     * going on to {@code limit}), else null; what follows it on the line is the caller's to check.
     */
    String same(int place, byte[] b, int from, int limit) {
        if (place >= words.length) {
            return null;
        }
        String word = words[place];
        int n = lengths[place];
        if (word == null || n > limit - from) {
            return null;
        }
        byte[] k = bytes[place];
        for (int i = 0; i < n; i++) {
            if (k[i] != b[from + i]) {
                return null;
            }
        }
        return word;
    }

    /** Remembers {@code word}, spelt by bytes {@code [from, to)}, at {@code place}; returns it. */
    String remember(int place, byte[] b, int from, int to, String word) {
        if (place >= words.length) {
            int n = Math.max(place + 1, words.length * 2);
            words = Arrays.copyOf(words, n);
            bytes = Arrays.copyOf(bytes, n);
            lengths = Arrays.copyOf(lengths, n);
        }
        int length = to - from;
        if (bytes[place] == null || bytes[place].length < length) {
            bytes[place] = new byte[Math.max(16, length)];
        }
        System.arraycopy(b, from, bytes[place], 0, length);
        lengths[place] = length;
        words[place] = word;
        return word;
    }
}
