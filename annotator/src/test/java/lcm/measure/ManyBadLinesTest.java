package lcm.measure;

import lcm.source.Diagnostic;
import lcm.source.SourceRegistry;
import lcm.source.UserError;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/**
 * A measurement file of many bad lines (issue 34: an Extra-P file of one token 10,000 times on
 * 10,000 lines ran the heap out; a CSV file printed 1,049,997 lines of errors): one error a
 * line, the first 100 listed, and the reader stops there and says where.
 */
class ManyBadLinesTest {

    @TempDir
    Path dir;

    private List<String> errors(Path file) {
        UserError e = assertThrows(UserError.class, () -> MeasurementFormats.read(file, Optional.empty(), new SourceRegistry()));
        return e.diagnostics().stream().map(Diagnostic::headline).toList();
    }

    @Test
    void anExtraPFileOfATokenRepeatedOnEveryLine() throws IOException {
        String line = "PARAMETER" + " p".repeat(1_000) + "\n";
        Path f = Files.writeString(dir.resolve("x.txt"), line.repeat(2_000));
        List<String> e = errors(f);
        assertEquals(101, e.size());
        assertEquals(f + ":1:13: parameter 'p' declared twice (and 998 more bad values on this line)", e.get(0));
        assertEquals(f + ":2:11: parameter 'p' declared twice (and 999 more bad values on this line)", e.get(1));
        assertEquals("lcm: " + f + ": reading stopped at line 101 of 2000 after 100 errors", e.get(100));
    }

    @Test
    void aCsvFileOfAMillionBadRowsIsNotReadToItsEnd() throws IOException {
        Path f = Files.writeString(dir.resolve("x.csv"), "tag,n,p,pc\n" + "a,1,1,x\n".repeat(5_000));
        List<String> e = errors(f);
        assertEquals(101, e.size());
        assertEquals("lcm: " + f + ": reading stopped at line 102 of 5001 after 100 errors", e.get(100));
    }

    @Test
    void theLinesAfterTheStopAreCountedNotReadWhateverTheirLength() throws IOException {
        // 150 bad lines (CR LF ends), then one line of 2 MiB (longer than a streamed line may be), then 3 lines
        String bad = "PARAMETER p p\r\n";
        Path f = Files.writeString(dir.resolve("long.txt"), bad.repeat(150) + "x".repeat(2 << 20) + "\nDATA 1\r\rlast");
        List<String> e = errors(f);
        assertEquals("lcm: " + f + ": reading stopped at line 101 of 154 after 100 errors", e.get(100));
    }

    @Test
    void aStreamedFileShowsTheLinesOfItsErrors() throws IOException {
        Path f = Files.writeString(dir.resolve("show.txt"),
                "PARAMETER n\nPOINTS 1 2\nREGION a\nDATA 1\nDATA 2\nREGION b\n" + "# filler\n".repeat(1_000) + "DATUM 3\n");
        SourceRegistry sources = new SourceRegistry();
        UserError e = assertThrows(UserError.class, () -> MeasurementFormats.read(f, Optional.empty(), sources));
        List<Diagnostic> d = e.diagnostics();
        assertEquals(f + ":6:1: REGION 'b' has no DATA lines", d.get(0).headline());
        assertEquals(f + ":1007:1: unknown field 'DATUM' (expected PARAMETER, POINTS, REGION, METRIC or DATA)", d.get(1).headline());
        assertEquals(Optional.of("REGION b"), sources.line(d.get(0).location().orElseThrow()));   // read again
        assertEquals(Optional.of("DATUM 3"), sources.line(d.get(1).location().orElseThrow()));    // kept
    }
}
