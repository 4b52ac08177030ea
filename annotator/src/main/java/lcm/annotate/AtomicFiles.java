package lcm.annotate;

import lcm.source.UserError;

import java.io.IOException;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFileAttributeView;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Writes several files all or nothing, each through a temporary file in its own directory and
 * an atomic rename ({@link StandardCopyOption#ATOMIC_MOVE}), so that no reader ever sees half a
 * file. Every temporary file is written before the first rename: the usual failures (a
 * read-only directory, a full disk) happen while nothing has changed. If a rename still fails,
 * the files already renamed get their old bytes back the same way. A file that changed since
 * it was read is not overwritten. Permissions are kept.
 */
final class AtomicFiles {

    private AtomicFiles() {
    }

    /** Writes {@code after} of every changed file. */
    static void write(List<FileChange> changes) {
        List<FileChange> changed = changes.stream().filter(FileChange::changed).toList();
        Map<FileChange, Path> temps = new LinkedHashMap<>();
        try {
            for (FileChange c : changed) {
                byte[] now = read(c.path());
                if (!java.util.Arrays.equals(now, c.before())) {
                    throw UserError.of(c.path() + ": changed while lcm annotate ran; nothing was written");
                }
                temps.put(c, temporary(c.path(), c.after()));
            }
        } catch (UserError e) {
            temps.values().forEach(AtomicFiles::deleteQuietly);
            throw e;
        }
        List<FileChange> done = new ArrayList<>();
        for (Map.Entry<FileChange, Path> t : temps.entrySet()) {
            try {
                move(t.getValue(), t.getKey().path());
                done.add(t.getKey());
            } catch (IOException e) {
                temps.values().forEach(AtomicFiles::deleteQuietly);
                List<String> restored = restore(done);
                throw UserError.of(t.getKey().path() + ": cannot write: " + reason(e)
                        + (done.isEmpty() ? "; nothing was written" : "; restored " + String.join(", ", restored)));
            }
        }
    }

    private static List<String> restore(List<FileChange> done) {
        List<String> out = new ArrayList<>();
        for (FileChange c : done) {
            try {
                move(temporary(c.path(), c.before()), c.path());
                out.add(c.path().toString());
            } catch (IOException | UserError e) {
                out.add(c.path() + " (FAILED: it holds the annotated text)");
            }
        }
        return out;
    }

    private static byte[] read(Path p) {
        try {
            return Files.readAllBytes(p);
        } catch (IOException e) {
            throw UserError.of(p + ": cannot read: " + reason(e));
        }
    }

    private static Path temporary(Path target, byte[] bytes) {
        Path dir = target.toAbsolutePath().getParent();
        Path temp = null;
        try {
            temp = Files.createTempFile(dir, "." + target.getFileName() + ".", ".lcm-annotate");
            Files.write(temp, bytes);
            copyPermissions(target, temp);
            return temp;
        } catch (IOException e) {
            if (temp != null) {
                deleteQuietly(temp);
            }
            throw UserError.of(target + ": cannot write: " + reason(e) + "; nothing was written");
        }
    }

    private static void copyPermissions(Path from, Path to) throws IOException {
        PosixFileAttributeView view = Files.getFileAttributeView(from, PosixFileAttributeView.class);
        if (view != null) {
            Files.setPosixFilePermissions(to, Files.getPosixFilePermissions(from));
        }
    }

    private static void move(Path temp, Path target) throws IOException {
        try {
            Files.move(temp, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        } catch (AtomicMoveNotSupportedException e) {
            throw new IOException("the file system cannot rename atomically", e);
        }
    }

    private static void deleteQuietly(Path p) {
        try {
            Files.deleteIfExists(p);
        } catch (IOException ignored) {
            // a stray temporary file is named after its target and ends in .lcm-annotate
        }
    }

    private static String reason(IOException e) {
        if (e instanceof java.nio.file.AccessDeniedException) {
            return "permission denied";
        }
        if (e instanceof FileSystemException f && f.getReason() != null) {
            return f.getReason();
        }
        return e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
    }
}
