package lcm.trace;

import lcm.source.TempFiles;
import lcm.source.UserError;

import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

/**
 * An output file written through a temporary file beside it and renamed into place on
 * {@link #commit()}, so that a run that fails half-way leaves no half-written output (and an
 * existing file at that name untouched); {@link #discard()} removes the temporary file.
 */
public final class TempOutput implements AutoCloseable {

    private final Path target;
    private final Path temp;
    private final OutputStream out;
    private boolean closed;

    private TempOutput(Path target, Path temp, OutputStream out) {
        this.target = target;
        this.temp = temp;
        this.out = out;
    }

    public static TempOutput create(Path target) {
        Path dir = target.toAbsolutePath().getParent();
        if (dir != null && !Files.isDirectory(dir)) {
            throw UserError.of("cannot write " + target + ": no folder " + dir);
        }
        if (Files.isDirectory(target)) {
            throw UserError.of("cannot write " + target + ": it is a folder");
        }
        try {
            Path temp = TempFiles.beside(target, ".tmp");
            return new TempOutput(target, temp, new BufferedOutputStream(Files.newOutputStream(temp), 1 << 16));
        } catch (IOException e) {
            throw UserError.of("cannot write " + target + ": " + e.getMessage());
        }
    }

    public OutputStream stream() {
        return out;
    }

    /** Closes the temporary file and renames it to the target. */
    public void commit() {
        try {
            out.close();
            closed = true;
            try {
                Files.move(temp, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(temp, target, StandardCopyOption.REPLACE_EXISTING);
            }
        } catch (IOException e) {
            discard();
            throw UserError.of("cannot write " + target + ": " + e.getMessage());
        }
    }

    /** Drops the temporary file (after a failure). */
    public void discard() {
        try {
            if (!closed) {
                out.close();
                closed = true;
            }
        } catch (IOException ignored) {
            // the file goes anyway
        }
        try {
            Files.deleteIfExists(temp);
        } catch (IOException ignored) {
            // nothing more to do
        }
    }

    @Override
    public void close() {
        if (!closed) {
            discard();
        }
    }
}
