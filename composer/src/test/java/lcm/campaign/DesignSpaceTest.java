package lcm.campaign;

import lcm.campaign.Campaign.Axis;
import lcm.source.UserError;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/** lcm plan's --vars and --procs: the values of each variable, p last. */
class DesignSpaceTest {

    @Test
    void geometricRangeListsAndFixedValues() {
        List<Axis> axes = DesignSpace.axes("n=256:4096:*2,itors=16,m=1,3,5", "1,2,4,8,16", 2);
        assertEquals(List.of("n", "itors", "m", "p"), axes.stream().map(Axis::name).toList());
        assertEquals(List.of(256.0, 512.0, 1024.0, 2048.0, 4096.0), axes.get(0).values());
        assertEquals(List.of(16.0), axes.get(1).values());
        assertEquals(List.of(1.0, 3.0, 5.0), axes.get(2).values());
        assertEquals(List.of(1.0, 2.0, 4.0, 8.0, 16.0), axes.get(3).values());
    }

    @Test
    void processorsUpToThisNode() {
        // max: 1, 2, 4, ... and the node's own count
        assertEquals(List.of(1.0, 2.0, 4.0, 8.0, 12.0), DesignSpace.axes("n=64", "max", 12).get(1).values());
        assertEquals(List.of(1.0, 2.0), DesignSpace.axes("n=64", null, 2).get(1).values());
        // max inside a range or list is the count
        assertEquals(List.of(1.0, 2.0, 3.0, 4.0), DesignSpace.axes("n=64", "1:max", 4).get(1).values());
        assertEquals(List.of(2.0, 6.0), DesignSpace.axes("n=64", "2,max", 6).get(1).values());
        // powers of two written as such
        assertEquals(List.of(1.0, 2.0, 4.0, 8.0), DesignSpace.axes("n=64", "2^0:2^3", 2).get(1).values());
    }

    @Test
    void powersOfTwoOfAnyVariable() {
        // docs/campaigns.md's n=2^6:2^12: 64, 128, ..., 4096, seven values (once refused: "has more than 64 values")
        assertEquals(List.of(64.0, 128.0, 256.0, 512.0, 1024.0, 2048.0, 4096.0),
                DesignSpace.axes("n=2^6:2^12", "1", 2).get(0).values());
        assertEquals(List.of(4.0, 8.0), DesignSpace.axes("m=2^(2):2^3,n=2^6:2^7", "1", 2).get(0).values());
        // one end not written as a power of two: the whole numbers, as before
        assertEquals(List.of(2.0, 3.0, 4.0), DesignSpace.axes("m=2:2^2", "1", 2).get(0).values());
    }

    @Test
    void badValuesNameTheOption() {
        assertEquals("lcm: --vars n=64:16: the range of n is empty (64 > 16)",
                assertThrows(UserError.class, () -> DesignSpace.axes("n=64:16", "1", 2)).getMessage());
        assertEquals("lcm: --vars: expected NAME=VALUES (n=256:4096:*2, p=1,2,4), not '=3'",
                assertThrows(UserError.class, () -> DesignSpace.axes("=3", "1", 2)).getMessage());
        assertEquals("lcm: --procs: p = 1.5 is not a whole number of processors",
                assertThrows(UserError.class, () -> DesignSpace.axes("n=1", "1.5,2", 2)).getMessage());
        assertEquals("lcm: --vars gives p and --procs too: give the processors once, with --procs",
                assertThrows(UserError.class, () -> DesignSpace.axes("p=1,2", "1", 2)).getMessage());
        assertEquals("lcm: --vars: n=64:1024 has more than 64 values: give a list or a geometric range (n=64:1024:*2)",
                assertThrows(UserError.class, () -> DesignSpace.axes("n=64:1024", "1", 2)).getMessage());
    }
}
