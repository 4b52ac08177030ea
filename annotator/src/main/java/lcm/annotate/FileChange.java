package lcm.annotate;

import java.nio.file.Path;
import java.util.Arrays;

/**
 * One source file before and after annotation, and the change as a unified diff ("" when
 * nothing changes).
 */
public record FileChange(Path path, byte[] before, byte[] after, String diff) {

    public FileChange {
        before = before.clone();
        after = after.clone();
    }

    @Override
    public byte[] before() {
        return before.clone();
    }

    @Override
    public byte[] after() {
        return after.clone();
    }

    public boolean changed() {
        return !Arrays.equals(before, after);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof FileChange f && f.path.equals(path) && Arrays.equals(f.before, before)
                && Arrays.equals(f.after, after);
    }

    @Override
    public int hashCode() {
        return 31 * path.hashCode() + Arrays.hashCode(after);
    }

    @Override
    public String toString() {
        return "FileChange[" + path + (changed() ? ", changed" : ", unchanged") + "]";
    }
}
