package lcm.measure;

import lcm.source.Diagnostic;
import lcm.source.Diagnostics;
import lcm.source.SourceText;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ReadersTest {

    private static MeasurementSet read(MeasurementReader reader, String name, String text, List<String> expectedErrors) {
        Diagnostics d = new Diagnostics();
        MeasurementSet set = reader.read(SourceText.of(Path.of(name), text), d);
        assertEquals(expectedErrors, d.sorted().stream().map(Diagnostic::headline).toList());
        return set;
    }

    @Test
    void ppLinesOfTheThesis() {
        MeasurementSet set = read(new PpLineReader(), "runfast.pp", """
                # runfast, d=32
                d=32 v=4.5 p=2 li=0.018748 ip=0.002202 sl=0.276536 cl=0.077673 rc=0.037759 tt=1.313014 rt=0.900096
                p=4 d=32 li=0.05   tag=cffts
                t=rowfft p=4 li=0.06
                """, List.of());
        assertEquals(3, set.size());
        Measurement m = set.measurements().get(0);
        assertEquals("", m.tag());
        assertEquals(0.018748, m.value("li").getAsDouble());
        assertEquals(List.of("d", "v", "p"), set.variables());
        assertEquals(List.of("li", "ip", "sl", "cl", "rc", "tt", "rt"), set.quantitiesPresent());
        assertEquals(List.of("", "cffts", "rowfft"), set.tags());
        assertEquals("runfast.pp:3:1", set.measurements().get(1).at().toString());
    }

    @Test
    void ppLineErrors() {
        read(new PpLineReader(), "bad.pp", """
                p=2 li=abc
                p=2 p=4
                p=2 li
                =3 li=1
                p=2 li=
                tag=a t=b p=1
                p-x=2
                tag=only
                p=2 li=NaN rc=1e400
                """, List.of(
                "bad.pp:1:8: bad value 'abc' for 'li': expected a number",
                "bad.pp:2:5: key 'p' given twice on one line",
                "bad.pp:3:5: expected key=value, found 'li'",
                "bad.pp:4:1: missing key before '='",
                "bad.pp:5:8: missing value for 'li'",
                "bad.pp:6:7: fragment tag given twice on one line",
                "bad.pp:7:1: bad key 'p-x' (keys are names: letters, digits, _)",
                "bad.pp:8:1: line has no values, only a fragment tag",
                "bad.pp:9:8: bad value 'NaN' for 'li': expected a number (and 1 more bad value on this line)"));
    }

    @Test
    void csvWithHeaderEmptyCellsAndQuotes() {
        MeasurementSet set = read(new CsvReader(), "d.csv", """
                tag,n,p,li,pc
                "cffts",64,1,,2.5
                rowfft,64,2,0.1,2.6
                """, List.of());
        assertEquals(2, set.size());
        assertTrue(set.measurements().get(0).value("li").isEmpty());
        assertEquals("cffts", set.measurements().get(0).tag());
        assertEquals(List.of("n", "p"), set.variables());
    }

    @Test
    void csvErrors() {
        read(new CsvReader(), "d.csv", """
                n,p,li,li
                """, List.of("d.csv:1:8: column 'li' given twice in the header"));
        read(new CsvReader(), "e.csv", """
                n,p,li
                64,1
                64,2,x
                """, List.of("e.csv:2:1: row has 2 fields, the header has 3", "e.csv:3:6: bad value 'x' in column 'li': expected a number"));
    }

    @Test
    void extraPFormatVariants() {
        MeasurementSet set = read(new ExtraPTextReader(), "e.txt", """
                PARAMETER p q
                POINTS (1 10) (2 20)
                POINTS ( 4 40 )
                REGION r1
                METRIC time
                DATA 1 1.1
                DATA 2
                DATA 4 4.2 4.1
                # a comment
                REGION r2
                DATA 5
                DATA 6
                DATA 7
                """, List.of());
        assertEquals(9, set.size());
        assertEquals(List.of("r1", "r2"), set.tags());
        assertEquals(List.of("p", "q"), set.variables());
        Measurement m = set.measurements().get(5);
        assertEquals(4.1, m.value("time").getAsDouble());
        assertEquals(40, m.value("q").getAsDouble());
        assertEquals("e.txt:8:12", m.at().toString());
    }

    @Test
    void extraPErrors() {
        read(new ExtraPTextReader(), "e.txt", """
                POINTS 1 2
                PARAMETER x y
                POINTS 1 2
                POINTS (1 2) (3) (a 4)
                REGION r
                DATA 1 x
                DATA
                DATA 3
                DATA 4
                FOO bar
                """, List.of(
                "e.txt:1:1: POINTS before PARAMETER: declare the parameters first",
                "e.txt:3:1: POINTS without parentheses need exactly one PARAMETER; this file has 2 (write ( 1 2 ) for each point)",
                "e.txt:4:14: point has 1 coordinate, expected 2 (x y)",
                "e.txt:4:19: bad coordinate 'a': expected a number",
                "e.txt:6:8: bad value 'x': expected a number",
                "e.txt:7:1: more DATA lines than POINTS (1) in REGION 'r'",
                "e.txt:8:1: more DATA lines than POINTS (1) in REGION 'r'",
                "e.txt:9:1: more DATA lines than POINTS (1) in REGION 'r'",
                "e.txt:10:1: unknown field 'FOO' (expected PARAMETER, POINTS, REGION, METRIC or DATA)"));
        read(new ExtraPTextReader(), "f.txt", """
                PARAMETER x
                POINTS (1) (2) (3)
                REGION a
                DATA 1
                DATA 2
                REGION b
                """, List.of("f.txt:3:1: REGION 'a', METRIC 'time': 2 DATA lines for 3 POINTS",
                "f.txt:6:1: REGION 'b' has no DATA lines"));
    }

    @Test
    void extraction() {
        Path x = Path.of("<-x>");
        Extraction e = Extraction.parse("tag=cffts, n>=64 && p != 3 and d<1e3", x);
        assertEquals("tag=cffts, n>=64, p!=3, d<1000", e.describe());
        Measurement m = new Measurement("cffts", java.util.Map.of("n", 64.0, "p", 2.0, "d", 5.0),
                lcm.source.SourceLocation.of(Path.of("f"), 1, 1));
        assertTrue(e.test(m));
        assertTrue(!Extraction.parse("p=32", x).test(m));
        lcm.source.UserError err = org.junit.jupiter.api.Assertions.assertThrows(lcm.source.UserError.class,
                () -> Extraction.parse("p=32, q, tag>3, n=abc", x));
        assertEquals(List.of(
                "<-x>:1:7: bad condition 'q' (expected key OP value with OP one of = == != < <= > >=, e.g. p=32)",
                "<-x>:1:13: fragment tags compare with = or != only",
                "<-x>:1:19: bad value 'abc' for 'n': expected a number"),
                err.diagnostics().stream().map(Diagnostic::headline).toList());
    }

    /** The reader is the one that declares the file's extension; other extensions go by content. */
    @Test
    void readersAreChosenByTheExtensionsTheyDeclare() {
        for (MeasurementReader r : MeasurementFormats.readers()) {
            for (String ext : r.extensions()) {
                // content that looks like another format: the extension decides
                assertEquals(r.name(), MeasurementFormats.choose(SourceText.of(Path.of("data." + ext), "PARAMETER n\n")).name(), ext);
            }
        }
        assertEquals("pp", MeasurementFormats.choose(SourceText.of(Path.of("run.log"), "tag=a n=1 pc=2\n")).name());
        assertEquals("extrap", MeasurementFormats.choose(SourceText.of(Path.of("run.txt"), "PARAMETER n\n")).name());
        assertEquals("csv", MeasurementFormats.choose(SourceText.of(Path.of("run.txt"), "n,p,pc\n")).name());
    }

    @Test
    void anUnknownFormatNameListsEveryFormatWithWhatItIs() {
        lcm.source.UserError e = org.junit.jupiter.api.Assertions.assertThrows(lcm.source.UserError.class,
                () -> MeasurementFormats.named("yaml"));
        String message = e.diagnostics().get(0).headline();
        assertTrue(message.contains("unknown data format 'yaml'; the formats are:"), message);
        for (MeasurementReader r : MeasurementFormats.readers()) {
            assertTrue(message.contains("  " + r.name() + " ") && message.contains(r.description()), message);
        }
        assertEquals("csv", MeasurementFormats.named("CSV").name());
    }
}
