package lcm.compose;

import lcm.machine.MachineDescriptionReader;
import lcm.TestRepo;
import lcm.expr.Evaluator;
import lcm.annotation.Category;
import lcm.frontend.ProgramReader;
import lcm.source.SourceRegistry;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** Small programs whose composed values are worked out by hand in the comments. */
class HandCheckedProgramsTest {

    private static ComposedModel compose(String file, boolean machine) {
        SourceRegistry sources = new SourceRegistry();
        ComposeOptions options = ComposeOptions.defaults().withoutSimplification();
        if (machine) {
            options = options.withMachine(MachineDescriptionReader.read(TestRepo.file("fixtures/compose/toy.machine"), sources));
        }
        return new Composer(options).compose(
                new ProgramReader(sources).read(List.of(TestRepo.file("fixtures/compose/" + file))).orThrow());
    }

    private static double at(ComposedModel m, Category c, Map<String, Double> point) {
        return Evaluator.eval(m.categories().get(c), point);
    }

    @Test
    void varsOverrideLeavesAProcessorUnused() {
        ComposedModel m = compose("vars_unused.f", false);
        // p = 8: left gets p/T - 1 = 3 processors, right gets p/2 = 4.
        //   T_left = 10/3 = 3.3333, T_right = 8/4 = 2, T = max = 3.3333
        //   LI+ = 3 (3.3333 - 3.3333) + 4 (3.3333 - 2) = 5.3333
        //   IP+ = (8 - 3 - 4) * 3.3333 = 3.3333
        //   check: (18 + 5.3333 + 3.3333) / 8 = 3.3333
        Map<String, Double> p8 = Map.of("p", 8.0);
        assertEquals(10.0 / 3, Evaluator.eval(m.time(), p8), 1e-12);
        assertEquals(18.0, at(m, Category.PC, p8), 1e-12);
        assertEquals(4 * (10.0 / 3 - 2), at(m, Category.LI, p8), 1e-12);
        assertEquals(10.0 / 3, at(m, Category.IP, p8), 1e-12);
        // p = 16: left 7 processors (T = 10/7 = 1.428571), right 8 (T = 1);
        //   LI+ = 8 (1.428571 - 1) = 3.428571, IP+ = 1 * 1.428571
        Map<String, Double> p16 = Map.of("p", 16.0);
        assertEquals(10.0 / 7, Evaluator.eval(m.time(), p16), 1e-12);
        assertEquals(8 * (10.0 / 7 - 1), at(m, Category.LI, p16), 1e-12);
        assertEquals(10.0 / 7, at(m, Category.IP, p16), 1e-12);
    }

    @Test
    void nestedSerialLoopsInsideSections() {
        ComposedModel m = compose("nested_loops.f", false);
        // n = 10, m = 3, p = 4: each task gets 2 processors.
        //   task 1: 4 * 3 executions of f1, each 2/2 = 1 s: T1 = 12
        //   task 2: f2 once, 3*10/2 = 15 s: T2 = 15; T = 15
        //   LI+ = 2 (15 - 12) + 2 (15 - 15) = 6; pc = 4*3*2 + 30 = 54; (54 + 6)/4 = 15
        Map<String, Double> a = Map.of("n", 10.0, "m", 3.0, "p", 4.0);
        assertEquals(15.0, Evaluator.eval(m.time(), a), 1e-12);
        assertEquals(54.0, at(m, Category.PC, a), 1e-12);
        assertEquals(6.0, at(m, Category.LI, a), 1e-12);
        // n = 2, m = 5, p = 8: T1 = 4*5*(2/4) = 10, T2 = 6/4 = 1.5; LI+ = 4 (10 - 1.5) = 34
        Map<String, Double> b = Map.of("n", 2.0, "m", 5.0, "p", 8.0);
        assertEquals(10.0, Evaluator.eval(m.time(), b), 1e-12);
        assertEquals(34.0, at(m, Category.LI, b), 1e-12);
        assertEquals("16*m/p", ((lcm.expr.Expr.Call) m.time()).args().get(0).text());
    }

    @Test
    void aRemovedAndAnAddedTransfer() {
        ComposedModel m = compose("moved_new.f", true);
        assertEquals(2, m.transfers().size());
        Transfer y = m.transfers().get(0);
        Transfer x = m.transfers().get(1);
        assertEquals(List.of("y", "u", "g", "added"), List.of(y.item().text(), y.from(), y.to(), y.change().json()));
        assertEquals(List.of("x", "w", "r", "removed"), List.of(x.item().text(), x.from(), x.to(), x.change().json()));
        // toy machine: latency 0.5 s, 100 B/s, rc = 0.01 * readers * bytes; size x = 100, y = 200.
        // p = 4: w 4/4 = 1 s, r 8/4 = 2 s; tasks u (2/2 = 1 s) and g (6/2 = 3 s): max 3, LI+ = 2 (3 - 1) = 4
        //   y added at the sections node: CL = 0.5 + 200/100 = 2.5, RC = 0.01 * 2 readers * 200 = 4
        //     sections T = 3 + (2.5 + 4)/4 = 4.625
        //   x removed at the root (w and r are now in sequence): CL = -(0.5 + 100/100) = -1.5,
        //     RC = -(0.01 * 4 readers * 100) = -4
        //   T = 1 + 2 + 4.625 + (-1.5 - 4)/4 = 6.25; cl = 2.5 - 1.5 = 1; rc = 4 - 4 = 0
        //   check: (pc 20 + li 4 + cl 1 + rc 0)/4 = 6.25
        Map<String, Double> p4 = Map.of("p", 4.0);
        assertEquals(6.25, Evaluator.eval(m.time(), p4), 1e-12);
        assertEquals(1.0, at(m, Category.CL, p4), 1e-12);
        assertEquals(0.0, at(m, Category.RC, p4), 1e-12);
        assertEquals(4.0, at(m, Category.LI, p4), 1e-12);
        // p = 8: w 0.5, r 1; u 2/4 = 0.5, g 6/4 = 1.5, LI+ = 4 (1.5 - 0.5) = 4
        //   y: RC = 0.01 * 4 * 200 = 8, CL 2.5: sections T = 1.5 + 10.5/8 = 2.8125
        //   x: RC = -(0.01 * 8 * 100) = -8, CL -1.5: T = 0.5 + 1 + 2.8125 - 9.5/8 = 3.125
        Map<String, Double> p8 = Map.of("p", 8.0);
        assertEquals(3.125, Evaluator.eval(m.time(), p8), 1e-12);
        assertEquals(1.0, at(m, Category.CL, p8), 1e-12);
        assertEquals(0.0, at(m, Category.RC, p8), 1e-12);
    }
}
