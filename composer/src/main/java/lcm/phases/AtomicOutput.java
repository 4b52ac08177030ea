package lcm.phases;

import lcm.source.TempFiles;
import lcm.source.UserError;

import java.io.IOException;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.BasicFileAttributes;

/**
 * Writes an output file or folder so that no one ever sees it half-written: everything goes to
 * a temporary sibling first, which is then renamed onto the target. On any failure the
 * temporary is removed and the target is as it was.
 */
public final class AtomicOutput {

    /** Writes what {@code writer} writes into the path it is given. */
    public interface Writer {
        void write(Path temporary) throws IOException;
    }

    private AtomicOutput() {
    }

    public static void file(Path target, Writer writer) {
        Path abs = target.toAbsolutePath();
        Path dir = abs.getParent();
        Path temp = null;
        try {
            Files.createDirectories(dir);
            temp = TempFiles.beside(abs, ".tmp");
            writer.write(temp);
            move(temp, abs);
            temp = null;
        } catch (IOException e) {
            throw UserError.of("cannot write " + target + ": " + e.getMessage());
        } finally {
            deleteQuietly(temp);
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
            throw UserError.of("cannot write " + target + ": " + e.getMessage());
        } finally {
            deleteQuietly(temp);
            deleteQuietly(old);
        }
    }

    private static void move(Path from, Path to) throws IOException {
        try {
            Files.move(from, to, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        } catch (AtomicMoveNotSupportedException e) {
            Files.move(from, to, StandardCopyOption.REPLACE_EXISTING);
        }
    }

    static void deleteQuietly(Path p) {
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
            // best effort
        }
    }
}
