package lcm.source;

import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The error list is bounded: the first 100 listed, the rest counted; a message of a 60 KB name is cut. */
class DiagnosticsTest {

    private static final Path F = Path.of("m.pp");

    @Test
    void theFirstHundredErrorsAreListedTheRestCounted() {
        Diagnostics d = new Diagnostics();
        for (int i = 1; i <= 10_000; i++) {
            d.error(SourceLocation.of(F, i, 1), "bad line " + i);
        }
        d.warning(SourceLocation.of(F, 1, 1), "a warning");
        List<Diagnostic> sorted = d.sorted();
        assertEquals(102, sorted.size());
        assertEquals("m.pp:100:1: bad line 100", sorted.get(100).headline());
        assertEquals("lcm: ... and 9900 more errors (the first 100 are listed)", sorted.get(101).headline());
        assertEquals(10_000, d.errorCount());
        assertEquals(101, d.errors().size());
        assertEquals(1, d.warnings().size());
    }

    @Test
    void aDiagnosticAddedTwiceIsListedOnce() {
        Diagnostics d = new Diagnostics();
        for (int i = 0; i < 500; i++) {
            d.error(SourceLocation.of(F, 1, 1), "the same");
        }
        assertEquals(List.of("m.pp:1:1: the same"), d.sorted().stream().map(Diagnostic::headline).toList());
    }

    @Test
    void aLongMessageKeepsItsStartAndEnd() {
        String name = "r".repeat(60_000);
        Diagnostic d = Diagnostic.error(SourceLocation.of(F, 3, 7), "region " + name + " is unknown");
        assertEquals(957, d.message().length(), d.message());
        assertTrue(d.message().startsWith("region rrr"), d.message());
        assertTrue(d.message().endsWith("rrr is unknown"), d.message());
        assertTrue(d.message().contains(" ... (59098 characters left out) ... "), d.message());
    }

    @Test
    void aRenderedListNotFromDiagnosticsIsBoundedToo() {
        List<Diagnostic> many = new ArrayList<>();
        for (int i = 1; i <= 2_899; i++) {
            many.add(Diagnostic.error(SourceLocation.of(F, i, 1), "routine 'T.work(int)' is defined twice"));
        }
        String out = new DiagnosticRenderer(new SourceRegistry()).render(many);
        assertEquals(101, out.lines().count());
        assertTrue(out.endsWith("lcm: ... and 2799 more errors (the first 100 are listed)\n"), out);
    }

    @Test
    void aReaderThatStoppedSaysSoAfterItsHundredErrors() {
        Diagnostics d = new Diagnostics();
        for (int i = 1; i <= 101; i++) {
            d.error(SourceLocation.of(F, i, 1), "bad line " + i);
        }
        d.stopped(F, 102, 10_000);
        List<String> out = new DiagnosticRenderer(new SourceRegistry()).render(d.sorted()).lines()
                .filter(l -> !l.startsWith(" ")).toList();
        assertEquals(102, out.size());
        assertEquals("m.pp:100:1: bad line 100", out.get(99));
        assertEquals("lcm: ... and 1 more error (the first 100 are listed)", out.get(100));
        assertEquals("lcm: m.pp: reading stopped at line 102 of 10000 after 100 errors", out.get(101));
    }
}
