package lcm.cli;

import lcm.TestRepo;

import java.nio.file.Path;
import java.util.List;

/** The command lines that read a pp file {@code pp}: fit, annotate, validate (both ways) and plan --estimate-from. */
final class PpReadingCommands {

    static final Path BASE = TestRepo.file("fixtures/fft2d/measured/java_tp.pp");

    private PpReadingCommands() {
    }

    /** Each command reading {@code pp}; plan writes its campaign file into {@code dir} (p.json), which it must not on bad input. */
    static List<List<String>> of(Path pp, Path dir) {
        String tp = TestRepo.file("fixtures/fft2d/Fft2dTp.java").toString();
        return List.of(
                List.of("fit", pp.toString()),
                List.of("annotate", tp, "--data", pp.toString(), "--diff"),
                List.of("validate", tp, "--measured", pp.toString()),
                List.of("validate", tp, "--measured", BASE.toString(), "--data", pp.toString()),
                List.of("plan", "--workdir", TestRepo.root().toString(), "--out", dir.resolve("p.json").toString(),
                        "--structure", "tp=java -Dn={n} fixtures/fft2d/Fft2dTp.java", "--vars", "n=64,128", "--procs", "1,2",
                        "--estimate-from", "tp=" + pp));
    }
}
