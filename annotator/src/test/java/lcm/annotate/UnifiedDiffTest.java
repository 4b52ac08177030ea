package lcm.annotate;

import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** The unified diff of an edit, checked against what diff -u prints for the same change. */
class UnifiedDiffTest {

    private static String diff(String before, List<SourceEdit> edits) {
        SourceLines lines = SourceLines.of(before.getBytes(StandardCharsets.UTF_8));
        return UnifiedDiff.of("f.txt", lines.apply(edits).script());
    }

    private static final String TEN = "1\n2\n3\n4\n5\n6\n7\n8\n9\n10\n";

    @Test
    void anInsertionWithThreeLinesOfContext() {
        assertEquals("--- f.txt\n+++ f.txt\n@@ -3,6 +3,7 @@\n 3\n 4\n 5\n+new\n 6\n 7\n 8\n",
                diff(TEN, List.of(new SourceEdit(6, List.of(), List.of("new")))));
    }

    @Test
    void aReplacementShowsRemovedLinesFirstAndKeepsLinesWrittenAgain() {
        assertEquals("--- f.txt\n+++ f.txt\n@@ -1,5 +1,5 @@\n 1\n-2\n+two\n 3\n 4\n 5\n",
                diff(TEN, List.of(new SourceEdit(2, List.of(2, 3), List.of("two", "3")))));
    }

    @Test
    void distantChangesMakeTwoHunksAndNearOnesOne() {
        String twenty = TEN + "11\n12\n13\n14\n15\n16\n17\n18\n19\n20\n";
        String two = diff(twenty, List.of(new SourceEdit(2, List.of(), List.of("a")), new SourceEdit(19, List.of(), List.of("b"))));
        assertEquals("--- f.txt\n+++ f.txt\n@@ -1,4 +1,5 @@\n 1\n+a\n 2\n 3\n 4\n@@ -16,5 +17,6 @@\n 16\n 17\n 18\n+b\n 19\n 20\n",
                two);
        // as diff -u: 6 unchanged lines between two changes make one hunk, 7 make two
        String one = diff(twenty, List.of(new SourceEdit(2, List.of(), List.of("a")), new SourceEdit(8, List.of(), List.of("b"))));
        assertEquals(1, one.lines().filter(l -> l.startsWith("@@")).count());
        String split = diff(twenty, List.of(new SourceEdit(2, List.of(), List.of("a")), new SourceEdit(9, List.of(), List.of("b"))));
        assertEquals(2, split.lines().filter(l -> l.startsWith("@@")).count());
    }

    @Test
    void aLastLineWithoutNewlineIsMarked() {
        assertEquals("--- f.txt\n+++ f.txt\n@@ -1,2 +1,3 @@\n a\n+x\n b\n\\ No newline at end of file\n",
                diff("a\nb", List.of(new SourceEdit(2, List.of(), List.of("x")))));
    }

    @Test
    void nothingChangedIsNoDiff() {
        assertEquals("", diff(TEN, List.of(new SourceEdit(4, List.of(4), List.of("4")))));
    }

    @Test
    void crlfLinesAreShownWithoutTheirTerminatorsAndInsertedLinesGetCrlf() {
        SourceLines lines = SourceLines.of("a\r\nb\r\n".getBytes(StandardCharsets.UTF_8));
        SourceLines.Edited e = lines.apply(List.of(new SourceEdit(2, List.of(), List.of("x"))));
        assertEquals("a\r\nx\r\nb\r\n", new String(e.bytes(), StandardCharsets.UTF_8));
        assertEquals("--- f.txt\n+++ f.txt\n@@ -1,2 +1,3 @@\n a\n+x\n b\n", UnifiedDiff.of("f.txt", e.script()));
    }

    @Test
    void latin1BytesComeBackAsTheyWere() {
        byte[] before = {'c', ' ', (byte) 0xE9, '\n', 'x', '\n'};
        SourceLines lines = SourceLines.of(before);
        byte[] after = lines.apply(List.of(new SourceEdit(2, List.of(), List.of("n")))).bytes();
        assertEquals(List.of((byte) 'c', (byte) ' ', (byte) 0xE9, (byte) '\n', (byte) 'n', (byte) '\n', (byte) 'x', (byte) '\n'),
                toList(after));
    }

    private static List<Byte> toList(byte[] b) {
        java.util.ArrayList<Byte> out = new java.util.ArrayList<>();
        for (byte x : b) {
            out.add(x);
        }
        return out;
    }
}
