package lcm.probe.calibration;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The caches of a sysfs folder, and the triad's array size they imply. */
class CachesTest {

    private static void index(Path dir, int i, int level, String type, String size, String shared) throws IOException {
        Path d = Files.createDirectories(dir.resolve("index" + i));
        Files.writeString(d.resolve("level"), level + "\n");
        Files.writeString(d.resolve("type"), type + "\n");
        Files.writeString(d.resolve("size"), size + "\n");
        Files.writeString(d.resolve("shared_cpu_list"), shared + "\n");
    }

    @Test
    void readsLevelsTypesSizesAndSharers(@TempDir Path dir) throws IOException {
        index(dir, 0, 1, "Data", "32K", "0");
        index(dir, 1, 1, "Instruction", "32K", "0");
        index(dir, 2, 2, "Unified", "512K", "0");
        index(dir, 3, 3, "Unified", "32768K", "0-7");
        Caches c = Caches.read(dir);
        assertEquals("", c.why());
        assertEquals(List.of("l1d", "l1i", "l2", "l3"), c.caches().stream().map(Caches.Cache::word).toList());
        assertEquals(List.of(32768L, 32768L, 524288L, 33554432L), c.caches().stream().map(Caches.Cache::bytes).toList());
        assertEquals(List.of(0, 1, 2, 3, 4, 5, 6, 7), c.caches().get(3).sharedBy());
        // 16 processors: two 32 MiB last-level caches (one per 8); the largest private cache is L2
        assertEquals(2L * 33554432, c.lastLevelTotal(16));
        assertEquals(524288, c.privateLargest());
        // one thread: 4 x 64 MiB = 256 MiB of arrays, 24 bytes an element: 11184810 elements
        assertEquals(268435456 / 24, c.triadElements(1, 16));
        // 16 threads: 16 MiB each, 699050 elements, below the floor of 2^20
        assertEquals(1 << 20, c.triadElements(16, 16));
    }

    @Test
    void noFolderSaysWhy(@TempDir Path dir) {
        Caches c = Caches.read(dir.resolve("absent"));
        assertTrue(c.caches().isEmpty());
        assertTrue(c.why().endsWith("absent does not exist (not Linux, or sysfs is not mounted)"), c.why());
        assertEquals(1 << 20, c.triadElements(1, 2));
    }

    @Test
    void sizes() {
        assertEquals(32768, Caches.bytes("32K"));
        assertEquals(8L << 20, Caches.bytes("8M"));
        assertEquals(1000, Caches.bytes("1000"));
    }
}
