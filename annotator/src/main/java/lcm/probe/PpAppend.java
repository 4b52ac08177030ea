package lcm.probe;

import lcm.source.TempFiles;
import lcm.source.UserError;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

/**
 * Appends to a pp file atomically: the old bytes and the new lines go to a temporary file in the
 * same folder, which then replaces the file in one rename. A reader sees the file before or
 * after, never half of it; a failure leaves it untouched.
 */
public final class PpAppend {

    private PpAppend() {
    }

    /** Fails (before anything runs) if file could not be appended to. */
    public static void checkWritable(Path file) {
        Path dir = file.toAbsolutePath().getParent();
        if (Files.isDirectory(file)) {
            throw UserError.of(file + ": is a folder, not a pp file");
        }
        if (dir == null || !Files.isDirectory(dir)) {
            throw UserError.of(file + ": cannot write: folder " + dir + " does not exist");
        }
        if (Files.exists(file) && !Files.isWritable(file)) {
            throw UserError.of(file + ": cannot write: the file is not writable");
        }
        if (!Files.isWritable(dir)) {
            throw UserError.of(file + ": cannot write: folder " + dir + " is not writable");
        }
    }

    public static void append(Path file, String text) {
        Path tmp = null;
        try {
            byte[] old = Files.exists(file) ? Files.readAllBytes(file) : new byte[0];
            tmp = TempFiles.beside(file, ".tmp");
            StringBuilder add = new StringBuilder();
            if (old.length > 0 && old[old.length - 1] != '\n') {
                add.append('\n');
            }
            add.append(text);
            byte[] more = add.toString().getBytes(StandardCharsets.UTF_8);
            byte[] all = new byte[old.length + more.length];
            System.arraycopy(old, 0, all, 0, old.length);
            System.arraycopy(more, 0, all, old.length, more.length);
            Files.write(tmp, all);
            Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException e) {
            if (tmp != null) {
                try {
                    Files.deleteIfExists(tmp);
                } catch (IOException ignored) {
                    // the temporary file stays; the pp file is untouched either way
                }
            }
            throw UserError.of(file + ": cannot write: " + e.getMessage() + "; the file is untouched");
        }
    }
}
