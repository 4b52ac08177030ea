package lcm.fit;

import lcm.annotation.Category;
import lcm.measure.MeasurementFormats;
import lcm.measure.MeasurementSet;
import lcm.source.SourceRegistry;
import lcm.testing.TestData;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Optional;

class ExploreTest {
    @Test
    void explore() {
        ModelFitter f = new ModelFitter(CandidateTable.defaults());
        String[][] cases = {
                {"three_parameter_1.txt", "reg", "metr", "x y z"},
                {"two_parameter_1.txt", "reg", "metr", "x y"},
                {"two_parameter_5.txt", "main", "time", "p s"},
                {"two_parameter_6.txt", "main", "time", "p s"},
                {"three_parameter_1.txt", "reg", "metr", "x y z"},
                {"two_parameter_4.txt", "met2", "time", "p q"},
                {"one_parameter_6.txt", "met3", "time", "p"},
        };
        for (String[] c : cases) {
            MeasurementSet set = MeasurementFormats.read(TestData.extrap(c[0]), Optional.empty(), new SourceRegistry()).withTag(c[1]);
            long t0 = System.nanoTime();
            FitResult r = f.fit(new FitRequest(set.measurements(), c[2], Category.PC, List.of(c[3].split(" ")), List.of(), false, true));
            long t1 = System.nanoTime();
            System.out.println("== " + c[0] + " " + (t1 - t0) / 1e6 + " ms");
            for (Projection p : r.projections()) {
                System.out.println("  proj " + p.variable() + ": " + p.form().text() + " lines=" + p.lines() + " rel=" + p.relativeError());
            }
            for (Fit fit : r.fits().subList(0, Math.min(6, r.fits().size()))) {
                System.out.println("  " + ModelText.display(fit) + "  R2=" + fit.r2() + " adj=" + fit.adjR2() + " cv=" + fit.cvError() + " " + fit.problem().orElse(""));
            }
            r.notes().forEach(n -> System.out.println("  note: " + n));
        }
    }
}
