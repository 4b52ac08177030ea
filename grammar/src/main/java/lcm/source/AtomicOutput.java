package lcm.source;

import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.channels.FileChannel;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.nio.file.attribute.PosixFileAttributeView;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Set;

/**
 * The one way lcm writes an output file or folder: into a temporary beside the target, made
 * durable, then renamed over the target, so that a failed write leaves the target as it was and
 * no reader ever sees half a file. Every writer of lcm goes through here (pp files, campaign
 * files, traces, plots, skeleton folders, the probe's agent jar, annotated sources).
 *
 * <p>Java makes temporary files readable by their owner only; renamed over the target, that
 * would change who may read the output. The temporary file therefore gets the target's
 * permissions, or for a new file those an editor gives one (rw-r--r--).
 */
public final class AtomicOutput {

    private static final Set<PosixFilePermission> NEW_FILE = PosixFilePermissions.fromString("rw-r--r--");

    /** Writes the output into the temporary path it is given. */
    public interface Writer {
        void write(Path temporary) throws IOException;
    }

    private AtomicOutput() {
    }

    /** Writes {@code target} through a temporary ending in {@code .tmp}. */
    public static void file(Path target, Writer writer) {
        file(target, ".tmp", writer);
    }

    /**
     * Writes {@code target} through a temporary whose name ends in {@code suffix} (for writers
     * that name their output by its extension); the temporary is synced before the rename.
     */
    public static void file(Path target, String suffix, Writer writer) {
        Path abs = target.toAbsolutePath();
        Path temp = null;
        try {
            refuseFolder(target, abs);
            Files.createDirectories(abs.getParent());
            temp = beside(abs, suffix);
            writer.write(temp);
            sync(temp);
            move(temp, abs);
            temp = null;
        } catch (IOException e) {
            throw UserError.of("cannot write " + target + ": " + reason(e) + "; the file is untouched");
        } finally {
            deleteTree(temp);
        }
    }

    /** Builds a whole folder in a temporary sibling, then puts it in place of {@code target}. */
    public static void folder(Path target, Writer writer) {
        Path abs = target.toAbsolutePath();
        Path dir = abs.getParent();
        Path temp = null;
        Path old = null;
        try {
            if (Files.exists(abs) && !Files.isDirectory(abs)) {
                throw UserError.of(target + " exists and is not a folder");
            }
            Files.createDirectories(dir);
            temp = Files.createTempDirectory(dir, "." + abs.getFileName() + ".tmp");
            writer.write(temp);
            if (Files.exists(abs)) {
                old = dir.resolve("." + abs.getFileName() + ".old" + System.nanoTime());
                move(abs, old);
            }
            move(temp, abs);
            temp = null;
        } catch (IOException e) {
            if (old != null && !Files.exists(abs)) {
                try {
                    move(old, abs);
                    old = null;
                } catch (IOException ignored) {
                    // the old folder stays under its temporary name
                }
            }
            throw UserError.of("cannot write " + target + ": " + reason(e));
        } finally {
            deleteTree(temp);
            deleteTree(old);
        }
    }

    /**
     * A stream into a temporary beside {@code target}, for outputs written piece by piece while
     * something else may still fail: {@link Pending#commit()} puts it in place, closing it
     * without a commit drops it.
     */
    public static Pending open(Path target) {
        Path abs = target.toAbsolutePath();
        Path dir = abs.getParent();
        if (dir != null && !Files.isDirectory(dir)) {
            throw UserError.of("cannot write " + target + ": no folder " + dir);
        }
        refuseFolder(target, abs);
        try {
            Path temp = beside(abs, ".tmp");
            return new Pending(target, temp, new BufferedOutputStream(Files.newOutputStream(temp), 1 << 16));
        } catch (IOException e) {
            throw UserError.of("cannot write " + target + ": " + reason(e));
        }
    }

    /** An output being written: see {@link #open(Path)}. */
    public static final class Pending implements AutoCloseable {

        private final Path target;
        private final Path temp;
        private final OutputStream out;
        private boolean closed;

        private Pending(Path target, Path temp, OutputStream out) {
            this.target = target;
            this.temp = temp;
            this.out = out;
        }

        public OutputStream stream() {
            return out;
        }

        /** Closes the temporary file, syncs it and renames it to the target. */
        public void commit() {
            try {
                out.close();
                closed = true;
                sync(temp);
                move(temp, target.toAbsolutePath());
            } catch (IOException e) {
                discard();
                throw UserError.of("cannot write " + target + ": " + reason(e));
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
            deleteTree(temp);
        }

        @Override
        public void close() {
            if (!closed) {
                discard();
            }
        }
    }

    /**
     * A new empty file in the target's folder, named {@code .NAME...suffix}, with the target's
     * permissions (rw-r--r-- for a new file).
     */
    public static Path beside(Path target, String suffix) throws IOException {
        Path abs = target.toAbsolutePath();
        Path temp = Files.createTempFile(abs.getParent(), "." + abs.getFileName(), suffix);
        PosixFileAttributeView view = Files.getFileAttributeView(temp, PosixFileAttributeView.class);
        if (view != null) {
            view.setPermissions(Files.exists(abs) ? Files.getPosixFilePermissions(abs) : NEW_FILE);
        }
        return temp;
    }

    /** Renames {@code from} over {@code to}, atomically where the file system can. */
    public static void move(Path from, Path to) throws IOException {
        try {
            Files.move(from, to, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        } catch (AtomicMoveNotSupportedException e) {
            Files.move(from, to, StandardCopyOption.REPLACE_EXISTING);
        }
    }

    /** Renames {@code from} over {@code to} atomically, or fails (for edits of a user's sources). */
    public static void moveAtomically(Path from, Path to) throws IOException {
        try {
            Files.move(from, to, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        } catch (AtomicMoveNotSupportedException e) {
            throw new IOException("the file system cannot rename atomically", e);
        }
    }

    /** Writes a file's data to the device (best effort where the file system cannot). */
    public static void sync(Path file) {
        if (!Files.isRegularFile(file)) {
            return;
        }
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.WRITE)) {
            ch.force(true);
        } catch (IOException | UnsupportedOperationException e) {
            // the rename still stands; only durability across a crash is lost
        }
    }

    /** Removes a temporary file or folder, quietly (a stray temporary is named after its target). */
    public static void deleteTree(Path p) {
        if (p == null || !Files.exists(p)) {
            return;
        }
        try {
            Files.walkFileTree(p, new SimpleFileVisitor<>() {
                @Override
                public FileVisitResult visitFile(Path file, BasicFileAttributes attrs) throws IOException {
                    Files.delete(file);
                    return FileVisitResult.CONTINUE;
                }

                @Override
                public FileVisitResult postVisitDirectory(Path d, IOException exc) throws IOException {
                    Files.delete(d);
                    return FileVisitResult.CONTINUE;
                }
            });
        } catch (IOException ignored) {
            // what is left is named after its target
        }
    }

    private static void refuseFolder(Path target, Path abs) {
        if (Files.isDirectory(abs)) {
            throw UserError.of("cannot write " + target + ": it is a folder");
        }
    }

    /** An I/O failure in a user's words. */
    public static String reason(IOException e) {
        if (e instanceof java.nio.file.AccessDeniedException) {
            return "permission denied";
        }
        if (e instanceof java.nio.file.NoSuchFileException) {
            return "no such file or folder";
        }
        if (e instanceof java.nio.file.FileSystemException f && f.getReason() != null) {
            return f.getReason();
        }
        return e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
    }
}
