package lcm.campaign;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * A Slurm task's exit record ({@code parts/TASK.exit}, written by the job script):
 * {@code task=7 status=0 signal=none node=vm job=14_7 start=1764216000.1 end=1764216004.3}.
 *
 * @param status lcm measure's exit status (143: ended by SIGTERM)
 * @param signal {@code TERM} when Slurm signalled the task (scancel, its time limit), else {@code none}
 */
public record ExitRecord(int task, int status, String signal, String node, String job, double start, double end) {

    public double seconds() {
        return end - start;
    }

    public boolean ok() {
        return status == 0 && signal.equals("none");
    }

    /** How the task ended, in words. */
    public String how() {
        if (signal.equals("TERM")) {
            return "stopped by SIGTERM (scancel, or its time limit)";
        }
        if (status > 128) {
            return "killed by signal " + (status - 128);
        }
        return status == 0 ? "ended" : "exited with status " + status;
    }

    public static Optional<ExitRecord> read(Path file) {
        if (!Files.isRegularFile(file)) {
            return Optional.empty();
        }
        try {
            Map<String, String> kv = new LinkedHashMap<>();
            for (String f : Files.readString(file, StandardCharsets.UTF_8).strip().split("\\s+")) {
                int eq = f.indexOf('=');
                if (eq > 0) {
                    kv.put(f.substring(0, eq), f.substring(eq + 1));
                }
            }
            return Optional.of(new ExitRecord(Integer.parseInt(kv.get("task")), Integer.parseInt(kv.get("status")),
                    kv.getOrDefault("signal", "none"), kv.getOrDefault("node", "?"), kv.getOrDefault("job", "?"),
                    Double.parseDouble(kv.get("start")), Double.parseDouble(kv.get("end"))));
        } catch (IOException | RuntimeException e) {
            return Optional.empty();
        }
    }
}
