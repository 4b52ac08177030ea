package lcm.annotate;

import java.util.ArrayList;
import java.util.List;

/**
 * A unified diff ({@code diff -u}, 3 lines of context) from an edit script, with the path as
 * given on both header lines, so that {@code patch -p0} applies it. Lines are shown without
 * their terminators; a line without one is followed by {@code \ No newline at end of file}.
 */
final class UnifiedDiff {

    static final int CONTEXT = 3;

    private UnifiedDiff() {
    }

    static String of(String path, List<DiffLine> edits) {
        List<DiffLine> script = removalsFirst(edits);
        List<Integer> changes = new ArrayList<>();
        for (int i = 0; i < script.size(); i++) {
            if (script.get(i).kind() != DiffLine.Kind.KEPT) {
                changes.add(i);
            }
        }
        if (changes.isEmpty()) {
            return "";
        }
        int[] oldLine = new int[script.size() + 1];
        int[] newLine = new int[script.size() + 1];
        int o = 1;
        int n = 1;
        for (int i = 0; i < script.size(); i++) {
            oldLine[i] = o;
            newLine[i] = n;
            DiffLine.Kind k = script.get(i).kind();
            o += k == DiffLine.Kind.ADDED ? 0 : 1;
            n += k == DiffLine.Kind.REMOVED ? 0 : 1;
        }
        StringBuilder out = new StringBuilder();
        out.append("--- ").append(path).append('\n');
        out.append("+++ ").append(path).append('\n');
        int c = 0;
        while (c < changes.size()) {
            int first = changes.get(c);
            int last = first;
            while (c + 1 < changes.size() && changes.get(c + 1) - last <= 2 * CONTEXT + 1) {
                c++;
                last = changes.get(c);
            }
            c++;
            int from = Math.max(0, first - CONTEXT);
            int to = Math.min(script.size() - 1, last + CONTEXT);
            hunk(script, from, to, oldLine, newLine, out);
        }
        return out.toString();
    }

    /** Each run of changed lines with its removed lines before its added ones, as diff prints them. */
    private static List<DiffLine> removalsFirst(List<DiffLine> script) {
        List<DiffLine> out = new ArrayList<>();
        List<DiffLine> added = new ArrayList<>();
        for (DiffLine l : script) {
            switch (l.kind()) {
                case ADDED -> added.add(l);
                case REMOVED -> out.add(l);
                case KEPT -> {
                    out.addAll(added);
                    added.clear();
                    out.add(l);
                }
            }
        }
        out.addAll(added);
        return out;
    }

    private static void hunk(List<DiffLine> script, int from, int to, int[] oldLine, int[] newLine, StringBuilder out) {
        int oldCount = 0;
        int newCount = 0;
        for (int i = from; i <= to; i++) {
            DiffLine.Kind k = script.get(i).kind();
            oldCount += k == DiffLine.Kind.ADDED ? 0 : 1;
            newCount += k == DiffLine.Kind.REMOVED ? 0 : 1;
        }
        int oldStart = oldCount == 0 ? oldLine[from] - 1 : oldLine[from];
        int newStart = newCount == 0 ? newLine[from] - 1 : newLine[from];
        out.append("@@ -").append(range(oldStart, oldCount)).append(" +").append(range(newStart, newCount)).append(" @@\n");
        for (int i = from; i <= to; i++) {
            DiffLine l = script.get(i);
            char mark = switch (l.kind()) {
                case KEPT -> ' ';
                case REMOVED -> '-';
                case ADDED -> '+';
            };
            String text = l.text();
            String bare = text.endsWith("\r\n") ? text.substring(0, text.length() - 2)
                    : text.endsWith("\n") || text.endsWith("\r") ? text.substring(0, text.length() - 1) : text;
            out.append(mark).append(bare).append('\n');
            if (bare.equals(text)) {
                out.append("\\ No newline at end of file\n");
            }
        }
    }

    private static String range(int start, int count) {
        return count == 1 ? Integer.toString(start) : start + "," + count;
    }
}
