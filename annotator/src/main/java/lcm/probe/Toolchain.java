package lcm.probe;

import lcm.source.UserError;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * What measuring OpenMP programs needs from the system: a C compiler with omp-tools.h (clang
 * brings it), LLVM's OpenMP runtime libomp (it provides GNU libgomp's entry points, so gfortran
 * and gcc binaries run on it with LD_PRELOAD and fire OMPT callbacks), gfortran for the bundled
 * programs, and addr2line. On Debian and Ubuntu: {@code apt-get install -y gfortran clang libomp-dev binutils}.
 */
public final class Toolchain {

    public static final String INSTALL = "apt-get install -y gfortran clang libomp-dev binutils";

    private static final List<String> LIBOMP = List.of(
            "/usr/lib/x86_64-linux-gnu/libomp.so.5", "/usr/lib/aarch64-linux-gnu/libomp.so.5",
            "/usr/lib/llvm-18/lib/libomp.so.5", "/usr/lib/llvm-17/lib/libomp.so.5", "/usr/lib/llvm-16/lib/libomp.so.5",
            "/usr/lib/llvm-15/lib/libomp.so.5", "/usr/lib/llvm-14/lib/libomp.so.5", "/usr/lib64/libomp.so",
            "/usr/local/lib/libomp.so");

    private Toolchain() {
    }

    /** LLVM's OpenMP runtime, or empty. LCM_LIBOMP overrides. */
    public static Optional<Path> libomp() {
        String env = System.getenv("LCM_LIBOMP");
        if (env != null && !env.isBlank()) {
            return Optional.of(Path.of(env));
        }
        return LIBOMP.stream().map(Path::of).filter(Files::isRegularFile).findFirst();
    }

    /** The first of the programs found on PATH, or empty. */
    public static Optional<Path> onPath(String... programs) {
        String path = System.getenv().getOrDefault("PATH", "/usr/bin:/bin");
        for (String prog : programs) {
            for (String dir : path.split(":")) {
                Path p = Path.of(dir.isEmpty() ? "." : dir, prog);
                if (Files.isExecutable(p)) {
                    return Optional.of(p);
                }
            }
        }
        return Optional.empty();
    }

    /** What is missing for OpenMP measurements, or empty when all is there. */
    public static Optional<String> missingForOpenMp() {
        StringBuilder missing = new StringBuilder();
        if (onPath("clang").isEmpty()) {
            missing.append(" clang");
        }
        if (libomp().isEmpty()) {
            missing.append(" libomp (LLVM OpenMP runtime)");
        }
        if (onPath("addr2line").isEmpty()) {
            missing.append(" addr2line (binutils)");
        }
        if (missing.isEmpty()) {
            return Optional.empty();
        }
        return Optional.of("missing:" + missing + "; install with: " + INSTALL);
    }

    /**
     * What is missing to build and measure a Fortran OpenMP program (gfortran besides what
     * {@link #missingForOpenMp()} asks), or empty when all is there.
     */
    public static Optional<String> missingForFortranOpenMp() {
        Optional<String> missing = missingForOpenMp();
        if (missing.isEmpty() && onPath("gfortran").isEmpty()) {
            return Optional.of("missing: gfortran; install with: " + INSTALL);
        }
        return missing;
    }

    /** Compiles the OMPT tool from its C source (shipped with lcm) into dir; returns the shared library. */
    public static Path omptTool(Path dir) {
        missingForOpenMp().ifPresent(m -> {
            throw UserError.of("cannot measure an OpenMP program: " + m);
        });
        try (var in = Toolchain.class.getResourceAsStream("lcm_ompt.c")) {
            if (in == null) {
                throw UserError.of("the OMPT tool's source is missing from lcm's jar");
            }
            Files.createDirectories(dir);
            Path source = dir.resolve("lcm_ompt.c");
            Files.write(source, in.readAllBytes());
            Path lib = dir.resolve("liblcm_ompt.so");
            Process p = new ProcessBuilder("clang", "-O2", "-shared", "-fPIC", "-o", lib.toString(), source.toString(),
                    "-ldl", "-lpthread").redirectErrorStream(true).start();
            String text = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            if (p.waitFor() != 0) {
                throw UserError.of("cannot compile the OMPT tool (clang " + source + "):\n" + text.strip());
            }
            return lib;
        } catch (IOException e) {
            throw UserError.of("cannot build the OMPT tool in " + dir + ": " + e.getMessage());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw UserError.of("interrupted while compiling the OMPT tool");
        }
    }
}
