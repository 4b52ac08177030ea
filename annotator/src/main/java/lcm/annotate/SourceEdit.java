package lcm.annotate;

import java.util.List;

/**
 * One change to a source's lines: remove some lines (1-based) and insert new ones (without
 * terminators) before line {@code insertBefore} (one past the last line appends).
 */
record SourceEdit(int insertBefore, List<Integer> remove, List<String> lines) {

    SourceEdit {
        remove = List.copyOf(remove);
        lines = List.copyOf(lines);
    }
}
