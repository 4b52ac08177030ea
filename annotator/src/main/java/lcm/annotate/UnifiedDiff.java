package lcm.annotate;

import java.util.ArrayList;
import java.util.List;

/**
 * A unified diff ({@code diff -u}, 3 lines of context) from an edit script, with the path as
 * given on both header lines, so that {@code patch -p0} applies it. Lines are shown without
 * their terminators; a line without one is followed by {@code \ No newline at end of file}.
 */
public final class UnifiedDiff {

    static final int CONTEXT = 3;

    private UnifiedDiff() {
    }

    public static String of(String path, List<DiffLine> edits) {
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

    /**
     * Each run of changed lines as diff prints it: lines both removed and added again (a model
     * line rewritten unchanged) are kept, and what remains of the run is removed lines first,
     * then added ones.
     */
    private static List<DiffLine> removalsFirst(List<DiffLine> script) {
        List<DiffLine> out = new ArrayList<>();
        List<DiffLine> run = new ArrayList<>();
        for (DiffLine l : script) {
            if (l.kind() == DiffLine.Kind.KEPT) {
                out.addAll(settle(run));
                run.clear();
                out.add(l);
            } else {
                run.add(l);
            }
        }
        out.addAll(settle(run));
        return out;
    }

    /** A run of removed and added lines, with their longest common subsequence kept. */
    private static List<DiffLine> settle(List<DiffLine> run) {
        List<String> removed = run.stream().filter(l -> l.kind() == DiffLine.Kind.REMOVED).map(DiffLine::text).toList();
        List<String> added = run.stream().filter(l -> l.kind() == DiffLine.Kind.ADDED).map(DiffLine::text).toList();
        int r = removed.size();
        int a = added.size();
        int[][] common = new int[r + 1][a + 1];
        for (int i = r - 1; i >= 0; i--) {
            for (int j = a - 1; j >= 0; j--) {
                common[i][j] = removed.get(i).equals(added.get(j)) ? common[i + 1][j + 1] + 1
                        : Math.max(common[i + 1][j], common[i][j + 1]);
            }
        }
        List<DiffLine> out = new ArrayList<>();
        List<DiffLine> pendingAdded = new ArrayList<>();
        int i = 0;
        int j = 0;
        while (i < r || j < a) {
            if (i < r && j < a && removed.get(i).equals(added.get(j))) {
                out.addAll(pendingAdded);
                pendingAdded.clear();
                out.add(new DiffLine(DiffLine.Kind.KEPT, removed.get(i)));
                i++;
                j++;
            } else if (j >= a || (i < r && common[i + 1][j] >= common[i][j + 1])) {
                out.add(new DiffLine(DiffLine.Kind.REMOVED, removed.get(i++)));
            } else {
                pendingAdded.add(new DiffLine(DiffLine.Kind.ADDED, added.get(j++)));
            }
        }
        out.addAll(pendingAdded);
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
