package lcm.source;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFileAttributeView;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Set;

/**
 * The temporary file that lcm writes an output into before it renames it over the target (so
 * that a failed write leaves the target as it was). Java makes temporary files readable by
 * their owner only; renamed over the target, that would change who may read the output. The
 * temporary file therefore gets the target's permissions, or for a new file those an editor
 * gives one (rw-r--r--).
 */
public final class TempFiles {

    private static final Set<PosixFilePermission> NEW_FILE = PosixFilePermissions.fromString("rw-r--r--");

    private TempFiles() {
    }

    /** A new empty file in the target's folder, named {@code .NAME...suffix}, with the permissions above. */
    public static Path beside(Path target, String suffix) throws IOException {
        Path abs = target.toAbsolutePath();
        Path temp = Files.createTempFile(abs.getParent(), "." + abs.getFileName(), suffix);
        PosixFileAttributeView view = Files.getFileAttributeView(temp, PosixFileAttributeView.class);
        if (view != null) {
            view.setPermissions(Files.exists(abs) ? Files.getPosixFilePermissions(abs) : NEW_FILE);
        }
        return temp;
    }
}
