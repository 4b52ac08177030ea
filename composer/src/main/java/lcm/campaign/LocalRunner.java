package lcm.campaign;

import lcm.expr.NumberText;
import lcm.campaign.Campaign.Task;
import lcm.probe.PpAppend;
import lcm.source.InputFile;
import lcm.source.UserError;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code lcm campaign run FILE}: every run of the campaign on this machine, in design order, one
 * after the other. Each finished run is appended to its structure's pp file together with its
 * {@link RunMark}, in one atomic append: a campaign stopped at any moment (Ctrl-C, a killed
 * process, a power cut) holds whole runs only, and {@code --resume} runs the ones it lacks.
 * Points that need more processors than this machine has are left to a cluster.
 */
public final class LocalRunner {

    private LocalRunner() {
    }

    /** A run that failed: lcm measure's exit status and the last lines of its output. */
    public record Failure(Task task, int status, List<String> lastLines) {
    }

    /**
     * What a session did: the runs it made and their seconds (and the plan's estimate of them),
     * the failures, the runs found done before it began, and the runs left to a machine with more
     * processors.
     */
    public record Result(int ran, double seconds, double estimated, List<Failure> failed, int alreadyDone,
                         List<Task> refused) {
    }

    public static Result run(CampaignLayout layout, boolean resume, LcmLauncher lcm, int processors, PrintStream err,
                             boolean terminal) {
        Campaign c = layout.campaign();
        CampaignState state = CampaignState.of(layout);
        if (!resume && state.doneCount() > 0) {
            throw UserError.of(CampaignLayout.shown(layout.data()) + " already holds " + state.doneCount() + " of "
                    + NumberText.counted(c.tasks().size(), "run") + " of campaign " + c.name() + ": --resume runs the "
                    + (c.tasks().size() - state.doneCount()) + " left (or remove the folder to start afresh)");
        }
        List<Task> refused = new ArrayList<>();
        List<Task> todo = new ArrayList<>();
        for (Task t : c.tasks()) {
            if (state.done(t.id())) {
                continue;
            }
            if (c.point(t.point()).processors() > processors) {
                refused.add(t);
            } else {
                todo.add(t);
            }
        }
        double estimated = todo.stream().mapToDouble(c::estimatedSeconds).sum();
        Thread hook = new Thread(TaskProcess::endRunning, "lcm-campaign-stop");
        Runtime.getRuntime().addShutdownHook(hook);
        List<Failure> failed = new ArrayList<>();
        double seconds = 0;
        try (CampaignProgress progress = new CampaignProgress(err, terminal, todo.size(), estimated)) {
            for (Task t : todo) {
                progress.started(c.describe(t));
                TaskProcess.Outcome o = TaskProcess.run(layout, t, lcm);
                seconds += o.seconds();
                boolean ok = o.complete();
                if (ok) {
                    keep(layout, t, o);
                } else {
                    failed.add(new Failure(t, o.status(), InputFile.tail(layout.log(t.id()), 5)));
                }
                progress.finished(c.describe(t), o.seconds(), c.estimatedSeconds(t), ok);
            }
        } finally {
            try {
                Runtime.getRuntime().removeShutdownHook(hook);
            } catch (IllegalStateException shuttingDown) {
                // the hook is running: it ends the run in progress
            }
        }
        return new Result(todo.size(), seconds, estimated, failed, state.doneCount(), refused);
    }

    /** Appends a finished run, with its mark, to its structure's pp file; then its part goes. */
    private static void keep(CampaignLayout layout, Task t, TaskProcess.Outcome o) {
        try {
            String lines = Files.readString(o.part(), StandardCharsets.UTF_8);
            PpAppend.append(layout.pp(t.structure()), RunMark.line(layout.campaign(), t, o.seconds()) + "\n" + lines);
            Files.deleteIfExists(o.part());
        } catch (IOException e) {
            throw UserError.of(o.part() + ": cannot read: " + e.getMessage());
        }
    }
}
