package lcm.campaign;

import lcm.campaign.Campaign.Task;
import lcm.source.UserError;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;

/**
 * One run of a campaign on this machine: {@code lcm measure} with the task's values, in a process
 * of its own, its lines going to the task's part file and its output (the program's and
 * lcm measure's) to the task's log. The part is complete only when lcm measure exited with 0;
 * lcm measure writes it atomically, so a run killed on the way leaves no part at all.
 */
final class TaskProcess {

    /** The process running now, so that an interrupted campaign can end it (and what it started). */
    private static final AtomicReference<Process> RUNNING = new AtomicReference<>();

    private TaskProcess() {
    }

    /** How a run ended: lcm measure's exit status and the run's whole time; {@code part} holds its lines when complete. */
    record Outcome(int status, double seconds, Path part) {
        boolean complete() {
            return status == 0 && Files.isRegularFile(part);
        }
    }

    static Outcome run(CampaignLayout layout, Task task, LcmLauncher lcm) {
        Path part = layout.partInProgress(task.id());
        Path log = layout.log(task.id());
        List<String> cmd = lcm.command(CommandTemplate.fill(layout.campaign().structure(task.structure()).command(),
                layout.campaign().point(task.point()), part.toString()));
        try {
            Files.createDirectories(layout.parts());
            Files.createDirectories(layout.logs());
            Files.deleteIfExists(part);
        } catch (IOException e) {
            throw UserError.of(layout.data() + ": cannot write: " + e.getMessage());
        }
        ProcessBuilder pb = new ProcessBuilder(cmd).directory(layout.workdir().toFile())
                .redirectErrorStream(true).redirectOutput(log.toFile()).redirectInput(ProcessBuilder.Redirect.PIPE);
        long t0 = System.nanoTime();
        Process p;
        try {
            p = pb.start();
        } catch (IOException e) {
            throw UserError.of("cannot start lcm measure (" + cmd.get(0) + "): " + e.getMessage());
        }
        RUNNING.set(p);
        try {
            p.getOutputStream().close();
            int status = p.waitFor();
            return new Outcome(status, (System.nanoTime() - t0) * 1e-9, part);
        } catch (IOException e) {
            throw UserError.of("lcm measure: " + e.getMessage());
        } catch (InterruptedException e) {
            end(p);
            Thread.currentThread().interrupt();
            throw UserError.of("interrupted: the run of task " + task.id() + " was stopped; its lines were not kept");
        } finally {
            RUNNING.compareAndSet(p, null);
        }
    }

    /** Ends the run in progress and every process it started (SIGTERM, then SIGKILL after 5 s). */
    static void endRunning() {
        Process p = RUNNING.get();
        if (p != null) {
            end(p);
        }
    }

    private static void end(Process p) {
        List<ProcessHandle> all = p.descendants().toList();
        p.destroy();
        all.forEach(ProcessHandle::destroy);
        try {
            if (!p.waitFor(5, java.util.concurrent.TimeUnit.SECONDS)) {
                p.destroyForcibly();
            }
        } catch (InterruptedException e) {
            p.destroyForcibly();
            Thread.currentThread().interrupt();
        }
        all.stream().filter(ProcessHandle::isAlive).forEach(ProcessHandle::destroyForcibly);
    }
}
