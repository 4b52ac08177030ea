package lcm.annotate;

import lcm.annotation.Category;
import lcm.fit.CandidateTable;
import lcm.fit.Fit;
import lcm.fit.FitResult;
import lcm.fit.FitSelection;
import lcm.fit.ModelFitter;
import lcm.measure.MeasurementSet;
import lcm.measure.PpLineReader;
import lcm.source.Diagnostics;
import lcm.source.SourceRegistry;
import lcm.source.SourceText;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.function.DoubleBinaryOperator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * One modeler: on the same data, {@code lcm fit -c CAT -v "VARS" -x tag=T} (resolved as the
 * command does, {@link FitSelection}) and {@code lcm annotate} ({@link FragmentModeler}) select the
 * same form with the same coefficients, for every category of every data set: the fft2d fixture
 * (five fragments, n and p, rc segmented at p = 4), one-variable series, additive and interacting
 * n, p effects, and collinear d1 = d2 = d3.
 */
class SameModelTest {

    private static MeasurementSet read(String text) {
        Diagnostics d = new Diagnostics();
        MeasurementSet set = new PpLineReader().read(SourceText.of(Path.of("data.pp"), text), d);
        assertTrue(d.isEmpty(), d.sorted().toString());
        return set;
    }

    private static String grid(String tag, DoubleBinaryOperator f, double noise, long seed) {
        Random r = new Random(seed);
        StringBuilder s = new StringBuilder();
        for (int n : new int[] {16, 32, 64, 128, 256, 512}) {
            for (int p : new int[] {1, 2, 4, 8, 16}) {
                s.append("tag=").append(tag).append(" n=").append(n).append(" p=").append(p).append(" pc=")
                        .append(f.applyAsDouble(n, p) * (1 + noise * (2 * r.nextDouble() - 1))).append('\n');
            }
        }
        return s.toString();
    }

    /** Every category annotate models for {@code tag}, checked against lcm fit's selection on the same data; returns how many. */
    private static int sameModels(MeasurementSet data, String tag) {
        FragmentModel annotated = new FragmentModeler(CandidateTable.defaults()).model(data, tag, new ArrayList<>());
        ModelFitter fitter = new ModelFitter(CandidateTable.defaults());
        int checked = 0;
        for (CategoryModel c : annotated.categories()) {
            String vars = String.join(" ", annotated.variables());
            FitSelection sel = FitSelection.resolve(data, "tag=" + tag, c.category().key(), vars, new SourceRegistry());
            FitResult r = fitter.fit(sel.request(List.of(), false));
            Fit fit = r.best().orElseThrow();
            String what = tag + " " + c.category().key();
            assertEquals(fit.candidate().text(), c.formText(), what);
            assertEquals(fit.coefficients().size(), c.fit().coefficients().size(), what);
            for (int j = 0; j < fit.coefficients().size(); j++) {
                double a = fit.coefficients().get(j).value();
                assertEquals(a, c.fit().coefficients().get(j).value(), 1e-9 * Math.abs(a), what);
            }
            checked++;
        }
        return checked;
    }

    @Test
    void theFft2dFixtureGetsTheSameModelsFromFitAndAnnotate() {
        MeasurementSet fixture = read(Fft2dFixtureData.text());
        int checked = 0;
        for (String tag : fixture.tags()) {
            checked += sameModels(fixture, tag);
        }
        // initialize_program 2 (pc, ip), print_performance 2, initialize 5, transpose 5, cffts 5
        assertEquals(19, checked);
    }

    @Test
    void syntheticNAndPDataGetTheSameModels() {
        String data = grid("sum", (n, p) -> 0.5 * n + 20 * p, 0.01, 3)
                + grid("product", (n, p) -> 0.01 * n * n / p, 0.02, 4)
                + grid("nlogn", (n, p) -> 3e-3 * n * Math.log(n) / Math.log(2) * Math.sqrt(p), 0.05, 5)
                + grid("flat", (n, p) -> 7, 0.01, 6);
        MeasurementSet set = read(data);
        for (String tag : List.of("sum", "product", "nlogn", "flat")) {
            assertEquals(1, sameModels(set, tag), tag);
        }
    }

    @Test
    void oneVariableAndCollinearDataGetTheSameModels() {
        StringBuilder s = new StringBuilder();
        for (int n : new int[] {8, 16, 32, 64, 128, 256}) {
            s.append("tag=one n=").append(n).append(" p=4 pc=").append(2e-5 * n * n).append(" li=")
                    .append(0.3 * Math.sqrt(n) + 1).append('\n');
            s.append("tag=moving d1=").append(n).append(" d2=").append(n).append(" d3=").append(n).append(" pc=")
                    .append(2e-6 * n * n * n).append('\n');
        }
        MeasurementSet set = read(s.toString());
        assertEquals(2, sameModels(set, "one"));
        assertEquals(1, sameModels(set, "moving"));
        FragmentModel moving = new FragmentModeler(CandidateTable.defaults()).model(set, "moving", new ArrayList<>());
        // d2 and d3 stand with d1: the model is d1^3, not d1^3*d2^3*d3^3
        assertEquals("k1*d1^3", moving.category(Category.PC).orElseThrow().formText());
        // and lcm fit -v "d1 d2 d3" reduces them the same way, with a note
        FitResult all = new ModelFitter(CandidateTable.defaults()).fit(FitSelection.resolve(set, "tag=moving", "pc",
                "d1 d2 d3", new SourceRegistry()).request(List.of(), false));
        assertEquals("k1*d1^3", all.best().orElseThrow().candidate().text());
        assertTrue(all.notes().get(0).startsWith("d1, d2, d3 move together in the data"), all.notes().toString());
    }
}
