package lcm.measure;

import lcm.annotation.Category;
import lcm.fit.CandidateTable;
import lcm.fit.Fit;
import lcm.fit.FitRequest;
import lcm.fit.ModelFitter;
import lcm.source.Diagnostics;
import lcm.source.SourceText;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.util.List;
import java.util.Locale;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Extra-P's JSON input format and experiment.json, read from text written here; bad input is located. */
class ExtraPJsonReaderTest {

    private static final Path FILE = Path.of("exp.json");

    private static MeasurementSet read(String json, Diagnostics d) {
        return new ExtraPJsonReader().read(SourceText.of(FILE, json), d);
    }

    private static List<String> errors(String json) {
        Diagnostics d = new Diagnostics();
        read(json, d);
        return d.sorted().stream().map(x -> x.location().map(l -> l.line() + ":" + l.column() + " ").orElse("")
                + x.message()).toList();
    }

    @Test
    void theInputFormatKeepsEveryCallpathMetricAndRepetition() {
        String json = """
                {
                  "parameters": ["p", "n"],
                  "measurements": {
                    "main->solve": {
                      "time": [
                        {"point": [2, 64], "values": [1.0, 1.2]},
                        {"point": [4, 64], "values": [2.0]}
                      ],
                      "li": [ {"point": [2, 64], "values": [0.5]} ]
                    },
                    "init": { "time": [ {"point": [2, 64], "values": [3]} ] }
                  }
                }
                """;
        Diagnostics d = new Diagnostics();
        MeasurementSet set = read(json, d);
        assertTrue(d.isEmpty(), d.sorted().toString());
        // 2 + 1 repetitions of time and 1 of li in main->solve, 1 in init
        assertEquals(5, set.size());
        assertEquals(List.of("main->solve", "init"), set.tags());
        assertEquals(List.of(1.0, 1.2, 2.0), set.withTag("main->solve").measurements().stream()
                .filter(m -> m.has("time")).map(m -> m.values().get("time")).toList());
        Measurement first = set.measurements().get(0);
        assertEquals(2.0, first.values().get("p"));
        assertEquals(64.0, first.values().get("n"));
        assertEquals(6, first.at().line());   // located at its value (line 6 of the text)
        assertTrue(set.variables().containsAll(List.of("p", "n")));
        assertTrue(set.quantities().containsAll(List.of("time", "li")));
    }

    @Test
    void anExperimentFileGivesOneMeasurementPerPointFromItsMean() {
        String json = """
                {"Extra-P": "4.0", "parameters": ["x"], "scaling": null, "modelers": [],
                 "measurements": {"reg": {"metr": [
                   {"coordinate": [2], "mean": 5.0, "median": 4.0, "minimum": 3, "maximum": 7, "std": 1},
                   {"coordinate": [4], "median": 9.0}
                 ]}}}
                """;
        Diagnostics d = new Diagnostics();
        MeasurementSet set = read(json, d);
        assertTrue(d.isEmpty(), d.sorted().toString());
        assertEquals(List.of(5.0, 9.0), set.measurements().stream().map(m -> m.values().get("metr")).toList());
    }

    @Test
    void aSeriesReadFromJsonIsFittedLikeTheTextFormat() {
        StringBuilder points = new StringBuilder();
        for (int x : new int[] {2, 4, 8, 16, 32, 64}) {
            points.append(points.length() == 0 ? "" : ",").append(String.format(Locale.ROOT,
                    "{\"point\": [%d], \"values\": [%.10g]}", x, 1 + 0.2 * x * x));
        }
        MeasurementSet set = read("{\"parameters\": [\"x\"], \"measurements\": {\"r\": {\"time\": [" + points + "]}}}",
                new Diagnostics());
        Fit f = new ModelFitter(CandidateTable.defaults()).fit(new FitRequest(set.measurements(), "time", Category.PC,
                List.of("x"), List.of(), false, true)).best().orElseThrow();
        // 1 + 0.2*x^2 exactly: the table's k1*n^2 + k2 renamed to x
        assertEquals("k1*x^2+k2", f.candidate().text());
        assertEquals(0.2, f.coefficients().get(0).value(), 1e-9);
    }

    @Test
    void badInputIsLocated() {
        assertEquals(List.of("1:27 bad JSON: Unexpected character ('}' (code 125)): expected a value"),
                errors("{\"parameters\": [\"x\"], \"a\":}"));
        assertEquals(List.of("1:1 no \"measurements\" (Extra-P JSON: {\"parameters\": [...], \"measurements\": "
                + "{CALLPATH: {METRIC: [{\"point\": [...], \"values\": [...]}]}}})"), errors("{\"parameters\": [\"x\"]}"));
        String twoForOne = "{\"parameters\": [\"x\"],\n \"measurements\": {\"r\": {\"t\": [{\"point\": [1, 2], \"values\": [1]}]}}}";
        assertEquals(List.of("2:41 2 coordinates for 1 parameter (x)"), errors(twoForOne));
        String badValue = "{\"parameters\": [\"x\"],\n \"measurements\": {\"r\": {\"t\": [{\"point\": [1], \"values\": [1e999, \"abc\"]}]}}}";
        List<String> e = errors(badValue);
        assertEquals(2, e.size(), e.toString());
        assertTrue(e.get(0).startsWith("2:57 bad value '1e999': number out of range"), e.get(0));
        assertTrue(e.get(1).startsWith("2:64 bad value 'abc': "), e.get(1));
        assertEquals(List.of("1:17 parameter 'li' is the name of a measured quantity or the tag"),
                errors("{\"parameters\": [\"li\"], \"measurements\": {\"r\": {\"t\": [{\"point\": [1], \"values\": [1]}]}}}"));
    }

    @Test
    void jsonIsChosenByExtensionAndContent() {
        assertEquals("extrap-json", MeasurementFormats.choose(SourceText.of(Path.of("a.json"), "{}")).name());
        assertEquals("extrap-json", MeasurementFormats.choose(SourceText.of(Path.of("a.dat"), "\n  {\"parameters\": []}")).name());
    }
}
