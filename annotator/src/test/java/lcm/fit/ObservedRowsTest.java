package lcm.fit;

import lcm.measure.Measurement;
import lcm.source.SourceLocation;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

class ObservedRowsTest {

    private static final Path FILE = Path.of("runs.pp");

    /** Three runs at n = 64 (pc 1, 2, 3) and three at n = 128 (pc 10, 20, 30), and one run without pc. */
    private static List<Measurement> runs() {
        List<Measurement> ms = new ArrayList<>();
        int id = 0;
        for (double n : new double[] {64, 128}) {
            for (int k = 1; k <= 3; k++) {
                ms.add(new Measurement("f", Map.of("n", n, "pc", (n == 64 ? 1.0 : 10.0) * k), SourceLocation.of(FILE, id + 1, 1), id++));
            }
        }
        ms.add(new Measurement("f", Map.of("n", 64.0, "li", 5.0), SourceLocation.of(FILE, id + 1, 1), id));
        return ms;
    }

    @Test
    void theSeriesOfTheObservationsLeavesOutTheOneWithoutTheQuantity() {
        Series s = new ObservedRows(runs(), "pc", List.of("n")).all();
        assertEquals(6, s.rows());
        assertEquals(6, s.runs());
        assertEquals(2, s.points());
        assertEquals(2.0, s.centre(0), 1e-12);   // (1 + 2 + 3) / 3
        assertEquals(20.0, s.centre(1), 1e-12);  // (10 + 20 + 30) / 3
    }

    @Test
    void aResamplesSeriesIsTheSeriesOfItsMeasurements() {
        List<Measurement> ms = runs();
        ObservedRows rows = new ObservedRows(ms, "pc", List.of("n"));
        Resample.Units units = new Resample.Units(ms, List.of("n"));
        Random random = new Random(7);
        for (int b = 0; b < 5; b++) {
            Resample.Draw draw = units.drawn(random);
            Series fast = rows.series(draw);
            Series read = Series.of(draw.measurements(), "pc", List.of("n"));
            assertEquals(read.rows(), fast.rows());
            assertEquals(read.runs(), fast.runs());
            assertEquals(read.executions(), fast.executions());
            for (int r = 0; r < read.rows(); r++) {
                assertArrayEquals(read.rowX(r), fast.rowX(r));
                assertEquals(read.rowY(r), fast.rowY(r));
            }
            for (int i = 0; i < read.points(); i++) {
                assertEquals(read.centre(i), fast.centre(i));
                assertEquals(read.reps(i), fast.reps(i));
            }
            // every drawn measurement comes from the observation its source names
            for (int i = 0; i < draw.sources().length; i++) {
                assertEquals(ms.get(draw.sources()[i]).values(), draw.measurements().get(i).values());
            }
        }
    }
}
