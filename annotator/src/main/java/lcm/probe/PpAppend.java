package lcm.probe;

import lcm.source.AtomicOutput;
import lcm.source.UserError;

import java.io.BufferedOutputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

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
        append(file, text, null);
    }

    /**
     * Appends text and then the contents of {@code more} (null: nothing), streaming: the old file
     * and the new lines are copied, never held in memory whole (a run's per-execution lines may be
     * millions).
     */
    public static void append(Path file, String text, Path more) {
        AtomicOutput.file(file, tmp -> {
            boolean newline = false;
            if (Files.exists(file) && Files.size(file) > 0) {
                try (var ch = java.nio.channels.FileChannel.open(file)) {
                    java.nio.ByteBuffer last = java.nio.ByteBuffer.allocate(1);
                    ch.read(last, ch.size() - 1);
                    newline = last.get(0) != '\n';
                }
            }
            try (OutputStream out = new BufferedOutputStream(Files.newOutputStream(tmp))) {
                if (Files.exists(file)) {
                    Files.copy(file, out);
                }
                if (newline) {
                    out.write('\n');
                }
                out.write(text.getBytes(StandardCharsets.UTF_8));
                if (more != null) {
                    Files.copy(more, out);
                }
            }
        });
    }
}
