package lcm.explore;

import java.util.ArrayList;
import java.util.List;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * The lines one file's directive edits remove and the lines they add: each added line goes
 * before a line of the original (one past its last line: at the end), in the order added.
 *
 * @param removed the 1-based numbers of the lines removed
 * @param added   the lines, with their terminators, added before each original line number
 */
record LineEdits(TreeSet<Integer> removed, TreeMap<Integer, List<String>> added) {

    LineEdits() {
        this(new TreeSet<>(), new TreeMap<>());
    }

    /** Adds {@code other}'s edits to these (another edit of the same variant in the same file). */
    void addAll(LineEdits other) {
        removed.addAll(other.removed);
        other.added.forEach((line, texts) -> added.computeIfAbsent(line, l -> new ArrayList<>()).addAll(texts));
    }

    /** Edits that only remove {@code lines}. */
    static LineEdits removing(List<Integer> lines) {
        LineEdits out = new LineEdits();
        out.removed.addAll(lines);
        return out;
    }

    /** The lines added before original line {@code line}. */
    List<String> before(int line) {
        return added.getOrDefault(line, List.of());
    }
}
