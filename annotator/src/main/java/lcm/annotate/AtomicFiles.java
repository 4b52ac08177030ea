package lcm.annotate;

import lcm.source.AtomicOutput;
import lcm.source.UserError;

import java.nio.ByteBuffer;
import java.nio.file.attribute.PosixFilePermission;
import java.util.Arrays;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.channels.FileChannel;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFileAttributeView;
import java.nio.file.attribute.PosixFileAttributes;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Writes several files all or nothing, as editors do: each through a temporary file beside its
 * target and an atomic rename ({@link StandardCopyOption#ATOMIC_MOVE}), so that no reader ever
 * sees half a file.
 * <ul>
 * <li>A symbolic link is followed: the file it points to is written, the link stays.</li>
 * <li>A read-only file (no owner write permission) is refused, nothing written, unless forced.</li>
 * <li>Mode, owner and group are kept (a warning says when the owner or group cannot be).</li>
 * <li>Every temporary file is written and fsynced before the first rename, so the usual failures
 * (a read-only directory, a full disk) happen while nothing has changed.</li>
 * <li>Just before each rename the target's bytes are compared with those read at the start: a
 * change made while lcm ran is refused ("changed while lcm annotate ran"), nothing written.</li>
 * <li>After the renames, each folder is fsynced; only then does the caller report success.</li>
 * <li>A file with several hard links gets a warning: the rename replaces this name only.</li>
 * </ul>
 * If a rename still fails, the files already renamed get their old bytes back the same way.
 */
final class AtomicFiles {

    private AtomicFiles() {
    }

    /** Writes {@code after} of every changed file, refusing read-only files. */
    static List<String> write(List<FileChange> changes) {
        return write(changes, false);
    }

    /**
     * Writes {@code after} of every changed file; {@code force} replaces read-only files too.
     *
     * @return warnings for the user (hard links broken, owner or group not kept)
     */
    static List<String> write(List<FileChange> changes, boolean force) {
        List<FileChange> changed = changes.stream().filter(FileChange::changed).toList();
        Map<FileChange, Path> targets = new LinkedHashMap<>();
        List<String> warnings = new ArrayList<>();
        for (FileChange c : changed) {
            Path real = realPath(c.path());
            if (!force && readOnly(real)) {
                throw UserError.of(c.path() + ": is read-only; nothing was written (--force replaces it)");
            }
            int links = links(real);
            if (links > 1) {
                warnings.add(c.path() + ": has " + links + " hard links; writing it breaks the hard link (the other "
                        + (links == 2 ? "name keeps" : "names keep") + " the old text)");
            }
            targets.put(c, real);
        }
        Map<FileChange, Path> temps = new LinkedHashMap<>();
        try {
            for (FileChange c : changed) {
                unchanged(c, targets.get(c));
                temps.put(c, temporary(targets.get(c), c.after(), warnings));
            }
        } catch (UserError e) {
            temps.values().forEach(AtomicFiles::deleteQuietly);
            throw e;
        }
        List<FileChange> done = new ArrayList<>();
        for (Map.Entry<FileChange, Path> t : temps.entrySet()) {
            FileChange c = t.getKey();
            String problem = null;
            if (!Arrays.equals(read(targets.get(c)), c.before())) {
                problem = "changed while lcm annotate ran";
            } else {
                try {
                    AtomicOutput.moveAtomically(t.getValue(), targets.get(c));
                    done.add(c);
                } catch (IOException e) {
                    problem = "cannot write: " + AtomicOutput.reason(e);
                }
            }
            if (problem != null) {
                temps.values().forEach(AtomicFiles::deleteQuietly);
                List<String> restored = restore(done, targets);
                throw UserError.of(c.path() + ": " + problem
                        + (done.isEmpty() ? "; nothing was written" : "; restored " + String.join(", ", restored)));
            }
        }
        for (Path dir : targets.values().stream().map(p -> p.getParent()).distinct().toList()) {
            syncFolder(dir);
        }
        return warnings;
    }

    /** The file a path names, through any symbolic links. */
    private static Path realPath(Path p) {
        try {
            return p.toRealPath();
        } catch (IOException e) {
            throw UserError.of(p + ": cannot read: " + AtomicOutput.reason(e));
        }
    }

    private static boolean readOnly(Path p) {
        try {
            PosixFileAttributeView view = Files.getFileAttributeView(p, PosixFileAttributeView.class);
            if (view != null) {
                return !view.readAttributes().permissions().contains(PosixFilePermission.OWNER_WRITE);
            }
            return !Files.isWritable(p);
        } catch (IOException e) {
            return false;
        }
    }

    private static int links(Path p) {
        try {
            Object n = Files.getAttribute(p, "unix:nlink");
            return n instanceof Integer i ? i : 1;
        } catch (IOException | UnsupportedOperationException | IllegalArgumentException e) {
            return 1;
        }
    }

    /** Refuses when the target's bytes differ from those the plan was made from. */
    private static void unchanged(FileChange c, Path real) {
        byte[] now = read(real);
        if (!Arrays.equals(now, c.before())) {
            throw UserError.of(c.path() + ": changed while lcm annotate ran; nothing was written");
        }
    }

    private static List<String> restore(List<FileChange> done, Map<FileChange, Path> targets) {
        List<String> out = new ArrayList<>();
        for (FileChange c : done) {
            try {
                AtomicOutput.moveAtomically(temporary(targets.get(c), c.before(), new ArrayList<>()), targets.get(c));
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
            throw UserError.of(p + ": cannot read: " + AtomicOutput.reason(e));
        }
    }

    /** Writes and fsyncs a temporary file beside {@code target} with its mode, owner and group. */
    private static Path temporary(Path target, byte[] bytes, List<String> warnings) {
        Path temp = null;
        try {
            temp = AtomicOutput.beside(target, ".lcm-annotate");
            try (FileChannel ch = FileChannel.open(temp, StandardOpenOption.WRITE, StandardOpenOption.TRUNCATE_EXISTING)) {
                ByteBuffer buf = ByteBuffer.wrap(bytes);
                while (buf.hasRemaining()) {
                    ch.write(buf);
                }
                ch.force(true);
            }
            copyAttributes(target, temp, warnings);
            return temp;
        } catch (IOException e) {
            if (temp != null) {
                deleteQuietly(temp);
            }
            throw UserError.of(target + ": cannot write: " + AtomicOutput.reason(e) + "; nothing was written");
        }
    }

    private static void copyAttributes(Path from, Path to, List<String> warnings) throws IOException {
        PosixFileAttributeView view = Files.getFileAttributeView(from, PosixFileAttributeView.class);
        if (view == null) {
            return;
        }
        PosixFileAttributes a = view.readAttributes();
        PosixFileAttributeView target = Files.getFileAttributeView(to, PosixFileAttributeView.class);
        target.setPermissions(a.permissions());
        try {
            PosixFileAttributes t = target.readAttributes();
            if (!t.group().equals(a.group())) {
                target.setGroup(a.group());
            }
            if (!t.owner().equals(a.owner())) {
                target.setOwner(a.owner());
            }
        } catch (IOException e) {
            warnings.add(from + ": cannot keep its owner " + a.owner().getName() + " and group " + a.group().getName()
                    + " (" + AtomicOutput.reason(e) + "); the written file belongs to you");
        }
    }

    /** Makes the renames in {@code dir} durable (best effort where a folder cannot be opened). */
    private static void syncFolder(Path dir) {
        try (FileChannel ch = FileChannel.open(dir, StandardOpenOption.READ)) {
            ch.force(true);
        } catch (IOException | UnsupportedOperationException e) {
            // some systems cannot open a folder for syncing; the renames stand
        }
    }

    private static void deleteQuietly(Path p) {
        try {
            Files.deleteIfExists(p);
        } catch (IOException ignored) {
            // a stray temporary file is named after its target and ends in .lcm-annotate
        }
    }

}
