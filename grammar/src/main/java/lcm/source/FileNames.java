package lcm.source;

import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.Optional;

/**
 * File names written inside a user's file ({@code include 'a.h'}, {@code measured-in: tp.f}):
 * resolved against the folder of the file that names them, and shown with control characters
 * escaped ({@code a\x00b.h}) when they are no file name at all.
 */
public final class FileNames {

    private FileNames() {
    }

    /**
     * {@code name} resolved against {@code dir} (or alone when {@code dir} is null); empty when
     * {@code name} cannot name a file on this system (a NUL byte, ...).
     */
    public static Optional<Path> resolve(Path dir, String name) {
        try {
            return Optional.of(dir == null ? Path.of(name) : dir.resolve(name));
        } catch (InvalidPathException e) {
            return Optional.empty();
        }
    }

    /** {@code name} with control characters written {@code \xNN}, for messages. */
    public static String printable(String name) {
        StringBuilder b = new StringBuilder();
        for (char c : name.toCharArray()) {
            b.append(c < 0x20 || c == 0x7f ? String.format("\\x%02x", (int) c) : String.valueOf(c));
        }
        return b.toString();
    }
}
