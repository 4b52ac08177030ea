package lcm.campaign;

import lcm.source.UserError;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/**
 * The Slurm commands a campaign uses, and nothing of its own in their place: {@code sbatch} to
 * submit, {@code squeue} for what waits or runs, {@code scancel} to stop, {@code sacct} for what
 * accounting recorded (only where the cluster has it: it needs slurmdbd), {@code sinfo} and
 * {@code scontrol} for the nodes' processors and the largest job array.
 */
public final class Slurm {

    private static final long TIMEOUT_SECONDS = 60;

    private Slurm() {
    }

    /** A command's exit status and output. */
    public record Reply(int status, String out, String err) {
        boolean ok() {
            return status == 0;
        }
    }

    static Reply run(List<String> cmd) {
        ProcessBuilder pb = new ProcessBuilder(cmd);
        try {
            Process p = pb.start();
            p.getOutputStream().close();
            byte[][] streams = new byte[2][];
            Thread errReader = new Thread(() -> {
                try {
                    streams[1] = p.getErrorStream().readAllBytes();
                } catch (IOException e) {
                    streams[1] = new byte[0];
                }
            });
            errReader.start();
            streams[0] = p.getInputStream().readAllBytes();
            if (!p.waitFor(TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                throw UserError.of(cmd.get(0) + " did not answer in " + TIMEOUT_SECONDS + " s: is the Slurm controller up?");
            }
            errReader.join();
            return new Reply(p.exitValue(), new String(streams[0], StandardCharsets.UTF_8),
                    new String(streams[1], StandardCharsets.UTF_8));
        } catch (IOException e) {
            return new Reply(127, "", cmd.get(0) + ": " + e.getMessage());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw UserError.of("interrupted while " + cmd.get(0) + " ran");
        }
    }

    /** Why Slurm cannot take jobs here, or empty when it can (sbatch is there and the controller answers). */
    public static Optional<String> unavailable() {
        Reply r = run(List.of("sbatch", "--version"));
        if (r.status() == 127) {
            return Optional.of("sbatch is not installed (Debian: apt-get install slurm-client; a test cluster: .ci/slurm-up)");
        }
        Reply ping = run(List.of("scontrol", "ping"));
        if (!ping.ok() || !ping.out().contains("UP")) {
            return Optional.of("the Slurm controller does not answer (scontrol ping: "
                    + (ping.out() + ping.err()).strip().replace('\n', ' ') + ")");
        }
        return Optional.empty();
    }

    /** The most CPUs a node of the partition (the default one when empty) has. */
    static int maxNodeCpus(Optional<String> partition) {
        List<String> cmd = new ArrayList<>(List.of("sinfo", "-h", "-o", "%c"));
        partition.ifPresent(p -> cmd.addAll(List.of("-p", p)));
        Reply r = checked(cmd);
        int most = 0;
        for (String line : r.out().split("\n")) {
            String t = line.strip().replace("+", "");
            if (t.matches("\\d+")) {
                most = Math.max(most, Integer.parseInt(t));
            }
        }
        if (most == 0) {
            throw UserError.of("sinfo lists no nodes" + partition.map(p -> " in partition " + p).orElse("")
                    + ": nothing could run the campaign");
        }
        return most;
    }

    /** The cluster's MaxArraySize: array indices must stay below it. */
    static int maxArraySize() {
        Reply r = checked(List.of("scontrol", "show", "config"));
        for (String line : r.out().split("\n")) {
            String[] kv = line.split("=", 2);
            if (kv.length == 2 && kv[0].strip().equals("MaxArraySize")) {
                return Integer.parseInt(kv[1].strip());
            }
        }
        return 1001; // Slurm's default
    }

    /** {@code sbatch --parsable ARGS SCRIPT SCRIPT_ARGS}: the job's id. */
    static String submit(List<String> args) {
        List<String> cmd = new ArrayList<>(List.of("sbatch", "--parsable"));
        cmd.addAll(args);
        Reply r = run(cmd);
        if (!r.ok()) {
            throw UserError.of("sbatch refused the campaign: " + (r.err() + r.out()).strip());
        }
        String id = r.out().strip();
        int semi = id.indexOf(';');
        return semi < 0 ? id : id.substring(0, semi);
    }

    /** The tasks of these jobs that wait or run: array task id ({@code 12_3}) to state ({@code PENDING}, {@code RUNNING}). */
    static Map<String, String> queue(List<String> jobs) {
        Map<String, String> out = new LinkedHashMap<>();
        if (jobs.isEmpty()) {
            return out;
        }
        Reply r = run(List.of("squeue", "-h", "-r", "-j", String.join(",", jobs), "-o", "%i %T"));
        if (!r.ok()) {
            // squeue fails for job ids it no longer knows: ask one at a time
            if (jobs.size() > 1) {
                for (String j : jobs) {
                    out.putAll(queue(List.of(j)));
                }
            }
            return out;
        }
        for (String line : r.out().split("\n")) {
            String[] f = line.strip().split("\\s+");
            if (f.length == 2) {
                out.put(f[0], f[1]);
            }
        }
        return out;
    }

    static void cancel(List<String> jobs) {
        if (!jobs.isEmpty()) {
            List<String> cmd = new ArrayList<>(List.of("scancel"));
            cmd.addAll(jobs);
            checked(cmd);
        }
    }

    /** What sacct recorded of one array task. */
    public record Accounted(String state, String exitCode, String node, String elapsed) {
    }

    /**
     * sacct's record of these jobs' array tasks ({@code 12_3} to its record), or the reason there
     * is none (no accounting storage: a cluster without slurmdbd).
     */
    static Map<String, Accounted> accounting(List<String> jobs, StringBuilder unavailable) {
        Map<String, Accounted> out = new LinkedHashMap<>();
        if (jobs.isEmpty()) {
            return out;
        }
        Reply r = run(List.of("sacct", "-n", "-P", "-X", "-j", String.join(",", jobs), "-o",
                "JobID,State,ExitCode,NodeList,Elapsed"));
        String said = (r.err() + r.out()).strip();
        if (!r.ok() || said.toLowerCase(java.util.Locale.ROOT).contains("accounting storage is disabled")) {
            unavailable.append(said.isEmpty() ? "sacct exited with " + r.status() : said.replace('\n', ' '));
            return out;
        }
        for (String line : r.out().split("\n")) {
            String[] f = line.split("\\|", -1);
            if (f.length == 5) {
                out.put(f[0], new Accounted(f[1], f[2], f[3], f[4]));
            }
        }
        return out;
    }

    private static Reply checked(List<String> cmd) {
        Reply r = run(cmd);
        if (!r.ok()) {
            throw UserError.of(String.join(" ", cmd) + " failed: " + (r.err() + r.out()).strip());
        }
        return r;
    }
}
