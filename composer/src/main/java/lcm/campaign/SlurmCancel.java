package lcm.campaign;

import lcm.source.SourceRegistry;

import java.util.List;

/** {@code lcm campaign cancel FILE}: scancel of the campaign's jobs that Slurm still has. */
public final class SlurmCancel {

    private SlurmCancel() {
    }

    /** Cancels the queued and running tasks; says what it did. */
    public static String cancel(CampaignLayout layout) {
        List<SubmittedJobs.Job> jobs = SubmittedJobs.jobs(layout, new SourceRegistry());
        if (jobs.isEmpty()) {
            return "campaign " + layout.campaign().name() + " has no Slurm jobs";
        }
        List<Integer> inFlight = SlurmSubmit.inFlight(jobs);
        if (inFlight.isEmpty()) {
            return "campaign " + layout.campaign().name() + ": no task is queued or running";
        }
        List<String> ids = jobs.stream().filter(j -> inFlight.stream().anyMatch(j.tasks()::contains))
                .map(SubmittedJobs.Job::id).toList();
        Slurm.cancel(ids);
        return "cancelled " + inFlight.size() + (inFlight.size() == 1 ? " task" : " tasks") + " (scancel " + String.join(" ", ids)
                + "); lcm campaign run " + CampaignLayout.shown(layout.file()) + " --slurm --resume submits them again";
    }
}
