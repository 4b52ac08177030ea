package lcm.measure;

import lcm.source.SourceLocation;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A measurement's values as the compact map holds them: the map's behaviour, the shared key layout. */
class CompactValuesTest {

    private static Map<String, Double> values(Object... kv) {
        Map<String, Double> m = new LinkedHashMap<>();
        for (int i = 0; i < kv.length; i += 2) {
            m.put((String) kv[i], ((Number) kv[i + 1]).doubleValue());
        }
        return m;
    }

    private static Measurement measurement(Map<String, Double> v) {
        return new Measurement("cffts", v, SourceLocation.of(Path.of("m.pp"), 3, 1), 0);
    }

    @Test
    void behavesAsTheMapItWasMadeOfInItsOrder() {
        Map<String, Double> given = values("n", 256, "p", 4, "pc", 0.0125, "li", 0.0);
        Map<String, Double> held = measurement(given).values();
        assertEquals(given, held);
        assertEquals(held, given);
        assertEquals(given.hashCode(), held.hashCode());
        assertEquals(List.of("n", "p", "pc", "li"), List.copyOf(held.keySet()));
        assertEquals(0.0125, held.get("pc"));
        assertEquals(0.0, held.get(new String("li")));
        assertNull(held.get("sl"));
        assertTrue(held.containsKey("p"));
        assertFalse(held.containsKey("procs"));
        assertEquals("{n=256.0, p=4.0, pc=0.0125, li=0.0}", held.toString());
        assertThrows(UnsupportedOperationException.class, () -> held.put("sl", 1.0));
    }

    @Test
    void measurementsWithTheSameKeysInTheSameOrderShareOneLayout() throws Exception {
        Map<String, Double> a = measurement(values("n", 256, "pc", 1.5)).values();
        Map<String, Double> b = measurement(values("n", 512, "pc", 2.5)).values();
        var keys = CompactValues.class.getDeclaredField("keys");
        keys.setAccessible(true);
        assertSame(keys.get(a), keys.get(b));
        assertEquals(2.5, b.get("pc"));
        assertEquals(1.5, a.get("pc"));
    }

    @Test
    void aMissingValueIsRefusedWhereItIsMade() {
        Map<String, Double> v = values("n", 256);
        v.put("pc", null);
        NullPointerException e = assertThrows(NullPointerException.class, () -> measurement(v));
        assertEquals("value of pc", e.getMessage());
    }
}
