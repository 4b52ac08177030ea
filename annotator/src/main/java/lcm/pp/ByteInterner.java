package lcm.pp;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * The strings of a streamed file's repeated words (keys, fragment tags), made once: a line of a
 * ten-million-line file looks its words up by their bytes instead of making new strings.
 * Open addressing over FNV-1a hashes; ASCII words only (the reader decodes anything else itself).
 */
final class ByteInterner {

    private byte[][] keys = new byte[64][];
    private String[] values = new String[64];
    private int size;

    String intern(byte[] b, int from, int to) {
        int h = hash(b, from, to);
        int mask = keys.length - 1;
        for (int i = h & mask; ; i = (i + 1) & mask) {
            byte[] k = keys[i];
            if (k == null) {
                byte[] copy = Arrays.copyOfRange(b, from, to);
                String s = new String(copy, StandardCharsets.ISO_8859_1);
                keys[i] = copy;
                values[i] = s;
                if (++size * 2 > keys.length) {
                    grow();
                }
                return s;
            }
            if (Arrays.equals(k, 0, k.length, b, from, to)) {
                return values[i];
            }
        }
    }

    private static int hash(byte[] b, int from, int to) {
        int h = 0x811c9dc5;
        for (int i = from; i < to; i++) {
            h = (h ^ b[i]) * 0x01000193;
        }
        return h ^ (h >>> 16);
    }

    private void grow() {
        byte[][] oldKeys = keys;
        String[] oldValues = values;
        keys = new byte[oldKeys.length * 2][];
        values = new String[oldKeys.length * 2];
        int mask = keys.length - 1;
        for (int j = 0; j < oldKeys.length; j++) {
            if (oldKeys[j] == null) {
                continue;
            }
            int i = hash(oldKeys[j], 0, oldKeys[j].length) & mask;
            while (keys[i] != null) {
                i = (i + 1) & mask;
            }
            keys[i] = oldKeys[j];
            values[i] = oldValues[j];
        }
    }
}
