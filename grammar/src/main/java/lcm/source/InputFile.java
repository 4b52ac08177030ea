package lcm.source;

import java.io.IOException;
import java.io.InputStream;
import java.nio.channels.Channels;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The one check of a file lcm reads (docs/reliability.md, "Files lcm reads"): only a regular
 * file is read (a symbolic link is followed to what it names); a directory, a device such as
 * {@code /dev/zero}, a FIFO or a socket is refused by name before it is opened, and a file read
 * whole is refused when it is over its limit, before anything is allocated for it.
 */
public final class InputFile {

    private InputFile() {
    }

    /** Why {@code file} is no regular file to read, or empty when it is one. */
    public static Optional<String> problem(Path file) {
        BasicFileAttributes a;
        try {
            a = Files.readAttributes(file, BasicFileAttributes.class);
        } catch (NoSuchFileException e) {
            return Optional.of(file + ": no such file");
        } catch (IOException | SecurityException e) {
            return Optional.of(file + ": cannot read: " + e.getMessage());
        }
        if (a.isDirectory()) {
            return Optional.of(file + ": a directory, not a file");
        }
        if (!a.isRegularFile()) {
            return Optional.of(file + ": not a regular file (a device, FIFO or socket): lcm reads only regular files");
        }
        return Optional.empty();
    }

    /** Throws {@link #problem}'s message when {@code file} is no regular file. */
    public static void check(Path file) {
        problem(file).ifPresent(p -> {
            throw UserError.of(p);
        });
    }

    /**
     * The size of the regular file {@code file}; a user error when it is no regular file or has
     * more than {@code limit} bytes ({@code what} names the file's kind in the message).
     */
    public static long checkSize(Path file, long limit, String what) {
        check(file);
        long size;
        try {
            size = Files.size(file);
        } catch (IOException e) {
            throw UserError.of(file + ": cannot read: " + e.getMessage());
        }
        if (size > limit) {
            throw UserError.of(file + ": " + bytes(size) + ", more than the " + bytes(limit) + " lcm reads of " + what
                    + ": it is not read");
        }
        return size;
    }

    /** The bytes of a regular file of at most {@code limit} bytes ({@link #checkSize}). */
    public static byte[] bytes(Path file, long limit, String what) {
        checkSize(file, limit, what);
        try (InputStream in = Files.newInputStream(file)) {
            // read at most one byte past the limit: a file that grew since its size was taken is refused too
            byte[] b = in.readNBytes((int) Math.min(Integer.MAX_VALUE - 8, limit + 1));
            if (b.length > limit) {
                throw UserError.of(file + ": more than the " + bytes(limit) + " lcm reads of " + what + ": it is not read");
            }
            return b;
        } catch (IOException e) {
            throw UserError.of(file + ": cannot read: " + e.getMessage());
        }
    }

    /** The text (UTF-8, or ISO-8859-1 where it is not) of a regular file of at most {@code limit} bytes. */
    public static String text(Path file, long limit, String what) {
        return SourceText.decode(bytes(file, limit, what));
    }

    /** The bytes at the end of a file {@link #tail} reads: 64 KiB. */
    public static final int TAIL_BYTES = 1 << 16;

    /**
     * The last {@code n} non-blank lines of a regular file (a task's log), from at most its last
     * {@value #TAIL_BYTES} bytes, so that a log of 3 GB costs no more; none when it is missing
     * or no regular file (a link to {@code /dev/zero} is not read).
     */
    public static List<String> tail(Path file, int n) {
        int window = TAIL_BYTES;
        if (problem(file).isPresent()) {
            return List.of();
        }
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.READ)) {
            long size = ch.size();
            long from = Math.max(0, size - window);
            ch.position(from);
            byte[] b = Channels.newInputStream(ch).readNBytes(window);
            String text = new String(b, StandardCharsets.UTF_8);
            List<String> lines = new ArrayList<>(text.lines().filter(l -> !l.isBlank()).toList());
            if (from > 0 && !lines.isEmpty()) {
                lines.remove(0); // a line cut by the window
            }
            return List.copyOf(lines.subList(Math.max(0, lines.size() - n), lines.size()));
        } catch (IOException e) {
            return List.of();
        }
    }

    /** {@code 512 bytes}, {@code 64 KiB}, {@code 3.0 GiB}. */
    public static String bytes(long n) {
        if (n < 1024) {
            return n + (n == 1 ? " byte" : " bytes");
        }
        String[] units = {"KiB", "MiB", "GiB", "TiB"};
        double v = n;
        int u = -1;
        while (v >= 1024 && u < units.length - 1) {
            v /= 1024;
            u++;
        }
        return (v == Math.rint(v) ? String.valueOf((long) v) : String.format(java.util.Locale.ROOT, "%.1f", v)) + " " + units[u];
    }
}
