package lcm.campaign;

import java.io.File;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * How a campaign starts {@code lcm}: the Java and the class path of the lcm that is running now
 * (the launcher's jar, or a build's classes), with the launcher's options for short commands.
 * A run of a campaign is {@code lcm measure} in a process of its own, started exactly as the
 * user would start it, here and in a Slurm task alike: the measurement is the same code path,
 * a run killed with its process leaves no half-written state in the campaign's process, and the
 * job script shows the very command each task runs.
 *
 * @param words the command that stands for {@code lcm}
 */
public record LcmLauncher(List<String> words) {

    public LcmLauncher {
        words = List.copyOf(words);
    }

    /** The lcm of this process. */
    public static LcmLauncher current() {
        List<String> w = new ArrayList<>();
        w.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        w.add("-XX:+UseSerialGC");
        w.add("-XX:TieredStopAtLevel=1");
        String home = System.getProperty("lcm.home");
        if (home != null) {
            w.add("-Dlcm.home=" + Path.of(home).toAbsolutePath().normalize());
        }
        w.add("-cp");
        List<String> cp = new ArrayList<>();
        for (String entry : System.getProperty("java.class.path").split(File.pathSeparator)) {
            if (!entry.isBlank()) {
                cp.add(Path.of(entry).toAbsolutePath().normalize().toString());
            }
        }
        w.add(String.join(File.pathSeparator, cp));
        w.add("lcm.cli.Main");
        return new LcmLauncher(w);
    }

    /** A filled command template with its leading {@code lcm} replaced by this launcher. */
    public List<String> command(List<String> filled) {
        List<String> out = new ArrayList<>(words);
        out.addAll(filled.subList(1, filled.size()));
        return out;
    }
}
