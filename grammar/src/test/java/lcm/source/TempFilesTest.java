package lcm.source;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The temporary file an output is written into has the permissions the output will keep. */
class TempFilesTest {

    @TempDir
    Path dir;

    @Test
    void aNewOutputIsReadableByOthersLikeAnEditorsFile() throws IOException {
        Path temp = TempFiles.beside(dir.resolve("run.pp"), ".tmp");
        assertEquals(dir, temp.getParent());
        assertTrue(temp.getFileName().toString().startsWith(".run.pp"), temp.toString());
        // Files.createTempFile alone gives rw-------
        assertEquals("rw-r--r--", PosixFilePermissions.toString(Files.getPosixFilePermissions(temp)));
    }

    @Test
    void anExistingOutputKeepsItsPermissions() throws IOException {
        Path target = Files.createFile(dir.resolve("plot.png"));
        Files.setPosixFilePermissions(target, PosixFilePermissions.fromString("rw-rw----"));
        Path temp = TempFiles.beside(target, ".png");
        assertEquals("rw-rw----", PosixFilePermissions.toString(Files.getPosixFilePermissions(temp)));
    }
}
