package lcm.compose;

import java.util.Arrays;

/**
 * A position in the DAG replicated into a tree: the child indices from the root. Its key
 * ({@code /1/0/2}) names the position in maps; a prefix's key is a prefix of the key.
 */
final class TreePath {

    static final int[] ROOT = new int[0];

    private TreePath() {
    }

    static int[] append(int[] path, int i) {
        int[] p = Arrays.copyOf(path, path.length + 1);
        p[path.length] = i;
        return p;
    }

    static String key(int[] path) {
        StringBuilder b = new StringBuilder();
        for (int i : path) {
            b.append('/').append(i);
        }
        return b.toString();
    }
}
