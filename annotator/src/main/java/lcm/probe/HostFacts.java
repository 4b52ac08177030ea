package lcm.probe;

import java.io.IOException;
import java.net.InetAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * What a measurement's header says about the machine it ran on: the host's name, the processor
 * model (Linux's /proc/cpuinfo, else the architecture) and the load averages (/proc/loadavg: other
 * work shares the processors).
 */
public final class HostFacts {

    private HostFacts() {
    }

    public static String host() {
        try {
            return InetAddress.getLocalHost().getHostName();
        } catch (IOException e) {
            return "?";
        }
    }

    public static String cpuModel() {
        try {
            for (String line : Files.readAllLines(Path.of("/proc/cpuinfo"))) {
                if (line.startsWith("model name")) {
                    return line.substring(line.indexOf(':') + 1).strip();
                }
            }
        } catch (IOException | RuntimeException e) {
            return System.getProperty("os.arch");
        }
        return System.getProperty("os.arch");
    }

    /** The load averages over 1, 5 and 15 minutes now, or none where not known. */
    public static List<Double> loadAverage() {
        try {
            String[] f = Files.readString(Path.of("/proc/loadavg")).strip().split("\\s+");
            return List.of(Double.parseDouble(f[0]), Double.parseDouble(f[1]), Double.parseDouble(f[2]));
        } catch (IOException | RuntimeException e) {
            return List.of();
        }
    }
}
