package lcm.source;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The one atomic writer: the temporary file an output is written into has the permissions the
 * output will keep, and a write that fails (or is never committed) leaves the target as it was.
 */
class AtomicOutputTest {

    @TempDir
    Path dir;

    @Test
    void aNewOutputIsReadableByOthersLikeAnEditorsFile() throws IOException {
        Path temp = AtomicOutput.beside(dir.resolve("run.pp"), ".tmp");
        assertEquals(dir, temp.getParent());
        assertTrue(temp.getFileName().toString().startsWith(".run.pp"), temp.toString());
        // Files.createTempFile alone gives rw-------
        assertEquals("rw-r--r--", PosixFilePermissions.toString(Files.getPosixFilePermissions(temp)));
    }

    @Test
    void anExistingOutputKeepsItsPermissions() throws IOException {
        Path target = Files.createFile(dir.resolve("plot.png"));
        Files.setPosixFilePermissions(target, PosixFilePermissions.fromString("rw-rw----"));
        Path temp = AtomicOutput.beside(target, ".png");
        assertEquals("rw-rw----", PosixFilePermissions.toString(Files.getPosixFilePermissions(temp)));
    }

    @Test
    void aFailedWriteLeavesTheTargetAndNoTemporary() throws IOException {
        Path target = Files.writeString(dir.resolve("tp.pp"), "old\n");
        UserError e = org.junit.jupiter.api.Assertions.assertThrows(UserError.class, () -> AtomicOutput.file(target, tmp -> {
            Files.writeString(tmp, "half");
            throw new IOException("disk full");
        }));
        assertEquals("lcm: cannot write " + target + ": disk full; the file is untouched", e.getMessage());
        assertEquals("old\n", Files.readString(target));
        try (var files = Files.list(dir)) {
            assertEquals(1, files.count(), "no temporary left beside it");
        }
        AtomicOutput.file(target, tmp -> Files.writeString(tmp, "new\n"));
        assertEquals("new\n", Files.readString(target));
    }

    @Test
    void aPendingOutputAppearsOnlyWhenCommitted() throws IOException {
        Path target = dir.resolve("trace.json");
        try (AtomicOutput.Pending p = AtomicOutput.open(target)) {
            p.stream().write("{}".getBytes());
        }
        assertTrue(Files.notExists(target), "closed without a commit: nothing written");
        try (AtomicOutput.Pending p = AtomicOutput.open(target)) {
            p.stream().write("{}".getBytes());
            p.commit();
        }
        assertEquals("{}", Files.readString(target));
        try (var files = Files.list(dir)) {
            assertEquals(1, files.count());
        }
    }

    @Test
    void aFolderIsReplacedWhole() throws IOException {
        Path target = dir.resolve("skeleton");
        AtomicOutput.folder(target, tmp -> Files.writeString(tmp.resolve("a.c"), "one"));
        AtomicOutput.folder(target, tmp -> Files.writeString(tmp.resolve("b.c"), "two"));
        try (var files = Files.list(target)) {
            assertEquals(java.util.List.of(target.resolve("b.c")), files.toList());
        }
        try (var files = Files.list(dir)) {
            assertEquals(1, files.count(), "neither the old folder nor a temporary is left");
        }
    }
}
