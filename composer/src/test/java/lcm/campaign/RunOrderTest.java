package lcm.campaign;

import lcm.campaign.Campaign.Axis;
import lcm.campaign.Campaign.DesignPoint;
import lcm.campaign.Campaign.Task;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The run order: rounds, each a shuffle that does not follow a variable; structures side by side. */
class RunOrderTest {

    private final List<Axis> axes = List.of(new Axis("n", List.of(64.0, 128.0, 256.0, 512.0, 1024.0)),
            new Axis("p", List.of(1.0, 2.0, 4.0, 8.0)));
    private final List<DesignPoint> points = Planner.factorial(axes);

    @Test
    void everyPointOncePerRoundAndTheStructuresTogether() {
        List<Task> tasks = RunOrder.tasks(axes, points, List.of("tp", "dp"), 3, 1);
        assertEquals(20 * 2 * 3, tasks.size());
        for (int i = 0; i < tasks.size(); i++) {
            assertEquals(i, tasks.get(i).id());
        }
        for (int round = 1; round <= 3; round++) {
            int r = round;
            List<Task> in = tasks.stream().filter(t -> t.run() == r).toList();
            // a round is a block of the order: 40 tasks, every point twice (tp then dp)
            assertEquals(40, in.size());
            assertEquals(in.get(0).id() + 39, in.get(39).id());
            Map<Integer, List<String>> byPoint = in.stream().collect(Collectors.groupingBy(Task::point,
                    Collectors.mapping(Task::structure, Collectors.toList())));
            assertEquals(20, byPoint.size());
            byPoint.values().forEach(s -> assertEquals(List.of("tp", "dp"), s));
        }
    }

    @Test
    void theOrderFollowsNoVariable() {
        List<Task> tasks = RunOrder.tasks(axes, points, List.of("tp"), 3, 1);
        List<DesignPoint> order = tasks.stream().map(t -> points.get(t.point() - 1)).toList();
        // the design's own order (n slowest, p fastest) follows n almost exactly
        assertTrue(RunOrder.correlation("n", points) > 0.95);
        // the shuffled rounds follow neither variable
        assertTrue(Math.abs(RunOrder.correlation("n", order)) < 0.2, "n: " + RunOrder.correlation("n", order));
        assertTrue(Math.abs(RunOrder.correlation("p", order)) < 0.2, "p: " + RunOrder.correlation("p", order));
        for (int round = 1; round <= 3; round++) {
            int r = round;
            List<DesignPoint> one = tasks.stream().filter(t -> t.run() == r).map(t -> points.get(t.point() - 1)).toList();
            assertTrue(RunOrder.correlation(axes, one) < 0.2, "round " + r + ": " + RunOrder.correlation(axes, one));
        }
        // a round does not start with the point the round before ended with
        assertNotEquals(tasks.get(19).point(), tasks.get(20).point());
        assertNotEquals(tasks.get(39).point(), tasks.get(40).point());
    }

    @Test
    void theSeedDecides() {
        assertEquals(RunOrder.tasks(axes, points, List.of("tp"), 2, 7), RunOrder.tasks(axes, points, List.of("tp"), 2, 7));
        assertNotEquals(RunOrder.tasks(axes, points, List.of("tp"), 2, 7), RunOrder.tasks(axes, points, List.of("tp"), 2, 8));
    }
}
