package lcm.source;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/** Only regular files are read, files read whole are bounded, a log's tail costs its last 64 KiB. */
class InputFileTest {

    @TempDir
    Path dir;

    private static String message(Runnable r) {
        return assertThrows(UserError.class, r::run).diagnostics().get(0).headline();
    }

    @Test
    void aDirectoryADeviceAndAFifoAreRefusedByName() throws Exception {
        Path fifo = dir.resolve("fifo");
        assertEquals(0, new ProcessBuilder("mkfifo", fifo.toString()).start().waitFor());
        assertEquals("lcm: " + dir + ": a directory, not a file", message(() -> SourceText.read(dir)));
        assertEquals("lcm: /dev/zero: not a regular file (a device, FIFO or socket): lcm reads only regular files",
                message(() -> SourceText.read(Path.of("/dev/zero"))));
        assertEquals("lcm: " + fifo + ": not a regular file (a device, FIFO or socket): lcm reads only regular files",
                message(() -> ByteLines.open(fifo)));
        assertEquals("lcm: " + dir.resolve("none") + ": no such file", message(() -> SourceText.read(dir.resolve("none"))));
    }

    @Test
    void aLinkToDevZeroIsRefusedAsWhatItNames() throws IOException {
        Path link = Files.createSymbolicLink(dir.resolve("t.log"), Path.of("/dev/zero"));
        assertEquals("lcm: " + link + ": not a regular file (a device, FIFO or socket): lcm reads only regular files",
                message(() -> InputFile.text(link, 100, "a log")));
        assertEquals(List.of(), InputFile.tail(link, 5));
    }

    @Test
    void aFileOverItsLimitIsRefusedBeforeItIsRead() throws IOException {
        Path f = Files.writeString(dir.resolve("big"), "x".repeat(5000));
        assertEquals("lcm: " + f + ": 4.9 KiB, more than the 4 KiB lcm reads of an exit record: it is not read",
                message(() -> InputFile.text(f, 4096, "an exit record")));
        assertEquals("x".repeat(5000), InputFile.text(f, 5000, "an exit record"));
    }

    @Test
    void theTailOfALargeLogIsItsLastLines() throws IOException {
        StringBuilder b = new StringBuilder();
        for (int i = 1; i <= 100_000; i++) {
            b.append("line ").append(i).append("\n\n");
        }
        Path log = Files.writeString(dir.resolve("t.log"), b.toString());
        assertEquals(List.of("line 99998", "line 99999", "line 100000"), InputFile.tail(log, 3));
        assertEquals(List.of(), InputFile.tail(dir.resolve("none.log"), 3));
    }

    @Test
    void sizesInWords() {
        assertEquals("1 byte", InputFile.bytes(1));
        assertEquals("1023 bytes", InputFile.bytes(1023));
        assertEquals("64 KiB", InputFile.bytes(65536));
        assertEquals("3 GiB", InputFile.bytes(3L << 30));
        assertEquals("2.5 MiB", InputFile.bytes(5L << 19));
        assertEquals("1 GiB", InputFile.bytes(1L << 30));
    }
}
