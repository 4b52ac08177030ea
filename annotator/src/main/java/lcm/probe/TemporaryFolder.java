package lcm.probe;

import lcm.source.AtomicOutput;
import lcm.source.UserError;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** A folder for a run's scratch files (a probe's events, a built benchmark), made and removed. */
public final class TemporaryFolder {

    private TemporaryFolder() {
    }

    public static Path create(String prefix) {
        try {
            return Files.createTempDirectory(prefix);
        } catch (IOException e) {
            throw UserError.of("cannot create a temporary folder: " + e.getMessage());
        }
    }

    /** Removes the folder and what it holds, quietly. */
    public static void delete(Path dir) {
        AtomicOutput.deleteTree(dir);
    }
}
