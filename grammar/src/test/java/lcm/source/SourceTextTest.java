package lcm.source;

import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** Lines cut from the text on demand: LF, CR LF and CR end a line, a last line without one counts. */
class SourceTextTest {

    @Test
    void linesEndAtLfCrLfAndCr() {
        SourceText t = SourceText.of(Path.of("a.f"), "one\ntwo\r\nthree\rfour");
        assertEquals(List.of("one", "two", "three", "four"), t.lines());
        assertEquals(Optional.of("three"), t.line(3));
        assertEquals(Optional.empty(), t.line(5));
        assertEquals(Optional.empty(), t.line(0));
    }

    @Test
    void emptyLinesCountAndAFinalTerminatorAddsNoLine() {
        // "a", "", "b": three lines; the text's last newline ends "b", it does not start a fourth
        assertEquals(List.of("a", "", "b"), SourceText.of(Path.of("a.f"), "a\n\nb\n").lines());
        assertEquals(List.of("", ""), SourceText.of(Path.of("a.f"), "\r\n\r\n").lines());
        assertEquals(List.of(), SourceText.of(Path.of("a.f"), "").lines());
    }

    @Test
    void aPreprocessedTextKeepsItsOwnLines() {
        SourceText t = new SourceText(Path.of("a.F"), "#define N 4\nx = N\n", List.of("", "x = 4"));
        assertEquals(Optional.of("x = 4"), t.line(2));
        assertEquals(2, t.lines().size());
    }
}
