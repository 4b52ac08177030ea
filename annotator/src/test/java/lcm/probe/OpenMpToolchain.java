package lcm.probe;

import org.junit.jupiter.api.Assertions;
import org.junit.jupiter.api.Assumptions;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** OpenMP tests need gfortran, clang, libomp and addr2line: skipped with what to install, failed under CI=true. */
final class OpenMpToolchain {

    private OpenMpToolchain() {
    }

    static void require() {
        String missing = Toolchain.missingForFortranOpenMp().orElse(null);
        if (missing == null) {
            return;
        }
        if ("true".equals(System.getenv("CI"))) {
            Assertions.fail("OpenMP measurement tests cannot run: " + missing + " (.ci/run installs it)");
        }
        Assumptions.abort("OpenMP measurement tests skipped: " + missing);
    }

    /** Compiles Fortran sources with debug information and OpenMP into binary. */
    static Path gfortran(Path binary, Path... sources) throws IOException, InterruptedException {
        List<String> cmd = new ArrayList<>(List.of("gfortran", "-g", "-O2", "-fopenmp", "-o", binary.toString()));
        for (Path s : sources) {
            cmd.add(s.toString());
        }
        Process p = new ProcessBuilder(cmd).directory(binary.getParent().toFile()).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        Assertions.assertEquals(0, p.waitFor(), "gfortran: " + out);
        return binary;
    }
}
