package lcm.probe.calibration;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The processor time this process and the children it has waited for have used, from Linux's
 * {@code /proc/self/stat} (utime, stime, cutime, cstime, in USER_HZ ticks, 100 a second on every
 * Linux architecture: the kernel scales its own clock to it for /proc); -1 where it cannot be read.
 */
final class CpuTime {

    private static final double TICKS_PER_SECOND = 100;

    private CpuTime() {
    }

    static double seconds() {
        try {
            String stat = Files.readString(Path.of("/proc/self/stat"));
            String[] f = stat.substring(stat.lastIndexOf(')') + 2).split("\\s+");
            // fields 14-17 of stat; f[0] is field 3 (state)
            long ticks = Long.parseLong(f[11]) + Long.parseLong(f[12]) + Long.parseLong(f[13]) + Long.parseLong(f[14]);
            return ticks / TICKS_PER_SECOND;
        } catch (IOException | RuntimeException e) {
            return -1;
        }
    }
}
