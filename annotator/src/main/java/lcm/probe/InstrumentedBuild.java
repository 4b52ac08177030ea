package lcm.probe;

import lcm.fortran.SourceForm;
import lcm.source.SourceText;
import lcm.source.UserError;
import lcm.values.ShellWords;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/**
 * Builds the instrumented copy of an OpenMP program (docs/measure.md, "OpenMP"): each source file
 * with fragments is copied, with the probes written in ({@link FortranProbes}), into a folder of
 * its own in the run's temporary folder, beside links to the files of its original folder (so
 * that {@code include} finds what it found); the user's build command then runs in the current
 * folder with each such source replaced by its copy, its output ({@code -o FILE}) put in the
 * temporary folder, and lcm's probe library added to the link. The program's command runs that
 * output in place of FILE. The original sources and program are not touched.
 */
final class InstrumentedBuild {

    /** The command that runs the instrumented program, its site table, and what to tell the user. */
    record Built(List<String> command, Path sites, List<String> warnings, String output) {
    }

    private InstrumentedBuild() {
    }

    static Built make(Path work, OpenMpProbePlan plan, List<String> build, List<String> command, Path probeLibrary) {
        if (plan.byFile().isEmpty()) {
            throw UserError.of("--build: the sources have no Fortran fragment to instrument");
        }
        List<String> warnings = new ArrayList<>();
        Map<Path, Path> copies = new LinkedHashMap<>();
        Map<Path, Path> folders = new LinkedHashMap<>();
        for (Map.Entry<Path, List<FortranProbes.Probe>> e : plan.byFile().entrySet()) {
            Path original = absolute(e.getKey());
            Path folder = folders.computeIfAbsent(original.getParent(),
                    dir -> linkedFolder(work.resolve("src").resolve(Integer.toString(folders.size() + 1)), dir));
            SourceText text = SourceText.read(original);
            SourceForm form = SourceForm.of(original);
            FortranProbes.Result r = FortranProbes.instrument(text, form, e.getValue());
            r.warnings().forEach(w -> warnings.add(e.getKey().getFileName() + ": " + w));
            Path copy = folder.resolve(original.getFileName());
            try {
                Files.deleteIfExists(copy); // the link to the original
                Files.writeString(copy, r.text(), StandardCharsets.UTF_8);
            } catch (IOException ex) {
                throw UserError.of(copy + ": cannot write the instrumented copy: " + ex.getMessage());
            }
            copies.put(original, copy);
        }
        // the build command, with the copies for the sources and the output in the temporary folder
        List<String> words = new ArrayList<>();
        Path output = null;
        Path outputCopy = null;
        boolean named = false;
        for (int i = 0; i < build.size(); i++) {
            String w = build.get(i);
            String out = null;
            if (w.equals("-o") && i + 1 < build.size()) {
                words.add(w);
                out = build.get(++i);
            }
            if (out != null) {
                output = absolute(Path.of(out));
                outputCopy = work.resolve("bin").resolve(output.getFileName());
                words.add(outputCopy.toString());
                continue;
            }
            Path copy = w.startsWith("-") ? null : copies.get(absolute(Path.of(w)));
            named |= copy != null;
            words.add(copy != null ? copy.toString() : w);
        }
        if (!named) {
            throw UserError.of("--build: the build command names none of the sources with fragments ("
                    + String.join(", ", plan.byFile().keySet().stream().map(Path::toString).toList())
                    + "): lcm builds its instrumented copy of them with it");
        }
        if (output == null) {
            throw UserError.of("--build: the build command has no -o FILE: lcm needs to know the program it builds "
                    + "(e.g. --build 'gfortran -g -O2 -fopenmp -o prog prog.f90')");
        }
        words.add(probeLibrary.toString());
        try {
            Files.createDirectories(outputCopy.getParent());
        } catch (IOException ex) {
            throw UserError.of(outputCopy.getParent() + ": cannot create: " + ex.getMessage());
        }
        String log = run(words);
        List<String> cmd = new ArrayList<>();
        boolean runs = false;
        for (String w : command) {
            boolean isOutput = !w.startsWith("-") && absolute(Path.of(w)).equals(output);
            runs |= isOutput;
            cmd.add(isOutput ? outputCopy.toString() : w);
        }
        if (!runs) {
            throw UserError.of("--build builds " + output + ", but the command (" + String.join(" ", command)
                    + ") does not run it: give the program as the build's -o names it");
        }
        Path sites = work.resolve("probe.sites");
        try {
            Files.writeString(sites, plan.sitesText());
        } catch (IOException ex) {
            throw UserError.of(sites + ": cannot write: " + ex.getMessage());
        }
        return new Built(cmd, sites, warnings, log);
    }

    private static Path absolute(Path p) {
        return p.toAbsolutePath().normalize();
    }

    /** A folder holding links to every file of dir (an include finds its files there as beside the original). */
    private static Path linkedFolder(Path folder, Path dir) {
        try {
            Files.createDirectories(folder);
            try (Stream<Path> files = Files.list(dir)) {
                for (Path f : files.filter(Files::isRegularFile).toList()) {
                    Files.createSymbolicLink(folder.resolve(f.getFileName()), f);
                }
            }
        } catch (IOException e) {
            throw UserError.of("cannot prepare the instrumented copy of " + dir + " in " + folder + ": " + e.getMessage());
        }
        return folder;
    }

    /** Runs the build; its output is shown only when it fails. */
    private static String run(List<String> words) {
        try {
            Process p = new ProcessBuilder(words).redirectErrorStream(true).start();
            String text = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            int status = p.waitFor();
            if (status != 0) {
                throw UserError.of("--build: building the instrumented copy failed (status " + status + "): "
                        + String.join(" ", words) + "\n" + text.strip());
            }
            return text;
        } catch (IOException e) {
            throw UserError.of("--build: cannot run " + words.get(0) + ": " + e.getMessage());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw UserError.of("interrupted while building the instrumented copy");
        }
    }

    /** The words of a command line as a POSIX shell splits them (quotes and backslashes; nothing expanded). */
    static List<String> words(String line) {
        return ShellWords.split(line, "--build");
    }
}
