package lcm.annotate;

import lcm.source.SourceText;

import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * A source file as lines that keep their own terminators ({@code \n}, {@code \r\n} or
 * {@code \r}; the last line may have none), numbered as {@link SourceText} numbers them. It is
 * decoded as {@link SourceText} decodes (UTF-8, else ISO-8859-1) and encoded back the same way,
 * so that lines nobody edits come back byte for byte.
 */
final class SourceLines {

    private final byte[] bytes;
    private final Charset charset;
    private final List<String> lines;
    private final List<String> terminators;

    private SourceLines(byte[] bytes, Charset charset, List<String> lines, List<String> terminators) {
        this.bytes = bytes;
        this.charset = charset;
        this.lines = lines;
        this.terminators = terminators;
    }

    static SourceLines of(byte[] bytes) {
        String text = SourceText.decode(bytes);
        Charset charset = Arrays.equals(text.getBytes(StandardCharsets.UTF_8), bytes) ? StandardCharsets.UTF_8
                : StandardCharsets.ISO_8859_1;
        List<String> lines = new ArrayList<>();
        List<String> ends = new ArrayList<>();
        int start = 0;
        int len = text.length();
        for (int i = 0; i < len; i++) {
            char c = text.charAt(i);
            if (c == '\n' || c == '\r') {
                lines.add(text.substring(start, i));
                if (c == '\r' && i + 1 < len && text.charAt(i + 1) == '\n') {
                    ends.add("\r\n");
                    i++;
                } else {
                    ends.add(String.valueOf(c));
                }
                start = i + 1;
            }
        }
        if (start < len) {
            lines.add(text.substring(start));
            ends.add("");
        }
        return new SourceLines(bytes.clone(), charset, List.copyOf(lines), List.copyOf(ends));
    }

    byte[] bytes() {
        return bytes.clone();
    }

    int size() {
        return lines.size();
    }

    /** Line {@code n}, 1-based, without its terminator. */
    String line(int n) {
        return lines.get(n - 1);
    }

    /** The terminator new lines before line {@code n} get: that line's, else the file's first, else {@code \n}. */
    String newlineBefore(int n) {
        if (n <= terminators.size() && !terminators.get(n - 1).isEmpty()) {
            return terminators.get(n - 1);
        }
        return terminators.stream().filter(t -> !t.isEmpty()).findFirst().orElse("\n");
    }

    /**
     * The text after the edits: lines marked for removal are left out, and each edit's new
     * lines go before its line (which is kept unless removed). Edits may not overlap.
     */
    Edited apply(List<SourceEdit> edits) {
        boolean[] removed = new boolean[lines.size() + 2];
        List<List<String>> before = new ArrayList<>();
        List<List<Integer>> owners = new ArrayList<>();
        for (int i = 0; i <= lines.size() + 1; i++) {
            before.add(new ArrayList<>());
            owners.add(new ArrayList<>());
        }
        for (int k = 0; k < edits.size(); k++) {
            SourceEdit e = edits.get(k);
            for (int r : e.remove()) {
                if (removed[r]) {
                    throw new IllegalArgumentException("line " + r + " removed twice");
                }
                removed[r] = true;
            }
            String nl = newlineBefore(e.insertBefore());
            for (String l : e.lines()) {
                before.get(e.insertBefore()).add(l + nl);
                owners.get(e.insertBefore()).add(k);
            }
        }
        int[] firstInserted = new int[edits.size()];
        StringBuilder out = new StringBuilder();
        List<DiffLine> script = new ArrayList<>();
        int[] moved = new int[lines.size() + 1];
        int now = 0;
        for (int n = 1; n <= lines.size() + 1; n++) {
            for (int a = 0; a < before.get(n).size(); a++) {
                String added = before.get(n).get(a);
                out.append(added);
                script.add(new DiffLine(DiffLine.Kind.ADDED, added));
                now++;
                int owner = owners.get(n).get(a);
                if (firstInserted[owner] == 0) {
                    firstInserted[owner] = now;
                }
            }
            if (n <= lines.size()) {
                String whole = lines.get(n - 1) + terminators.get(n - 1);
                if (!removed[n]) {
                    out.append(whole);
                    moved[n] = ++now;
                }
                script.add(new DiffLine(removed[n] ? DiffLine.Kind.REMOVED : DiffLine.Kind.KEPT, whole));
            }
        }
        return new Edited(out.toString().getBytes(charset), script, moved, firstInserted);
    }

    /**
     * The bytes after editing, the edit as a line script for diffs, where each kept line went
     * ({@code moved[old]} is its new number, 0 if it was removed), and the new number of each
     * edit's first inserted line (in the order the edits were given).
     */
    record Edited(byte[] bytes, List<DiffLine> script, int[] moved, int[] firstInserted) {

        int lineAfter(int old) {
            return moved[old];
        }
    }
}
