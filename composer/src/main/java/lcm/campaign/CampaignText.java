package lcm.campaign;

import lcm.expr.NumberText;
import lcm.campaign.Campaign.Task;
import lcm.source.SourceRegistry;


import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/** What the {@code lcm campaign} commands print. */
public final class CampaignText {

    private CampaignText() {
    }

    /** The report of {@code lcm campaign collect}. */
    public static String collect(CampaignLayout layout, Collector.Report r) {
        Campaign c = layout.campaign();
        StringBuilder b = new StringBuilder("collected ").append(layout.file().getFileName()).append(": ")
                .append(runs(c, r.runs())).append(" in ").append(CampaignLayout.shown(layout.data())).append("/; ");
        if (r.changed().isEmpty()) {
            b.append("nothing changed\n");
        } else if (r.merged() == 0) {
            b.append("put the runs of ").append(String.join(", ", r.changed())).append(" in design order\n");
        } else {
            b.append("merged ").append(r.merged()).append(r.merged() == 1 ? " part" : " parts").append(" into ")
                    .append(String.join(", ", r.changed())).append('\n');
        }
        missing(b, c, r);
        b.append("doubled: ").append(r.doubled().isEmpty() ? "none" : "").append('\n');
        r.doubled().forEach(d -> b.append("  ").append(d).append('\n'));
        if (!r.sacct().isEmpty()) {
            b.append("sacct: ").append(r.sacct()).append('\n');
        }
        return b.toString();
    }

    /** The report of {@code lcm campaign status}. */
    public static String status(CampaignLayout layout, Collector.Report r, List<SubmittedJobs.Job> jobs) {
        Campaign c = layout.campaign();
        StringBuilder b = new StringBuilder("campaign ").append(c.name()).append(" (").append(layout.file().getFileName())
                .append("): ").append(NumberText.counted(c.structures().size(), "structure")).append(", ")
                .append(NumberText.counted(c.points().size(), "point")).append(", ").append(NumberText.counted(c.runs(), "run"))
                .append(" each: ").append(NumberText.counted(c.tasks().size(), "run")).append("\n");
        int inPp = r.runs().values().stream().mapToInt(Integer::intValue).sum() - r.merged();
        b.append("done: ").append(inPp).append(" in the pp files");
        if (r.merged() > 0) {
            b.append(", ").append(r.merged()).append(" more complete in parts/ (lcm campaign collect merges them)");
        }
        b.append(" (").append(runs(c, r.runs())).append(")\n");
        if (!jobs.isEmpty()) {
            b.append("Slurm jobs: ").append(jobs.stream().map(SubmittedJobs.Job::id).collect(Collectors.joining(", "))).append('\n');
        }
        missing(b, c, r);
        double left = 0;
        int counted = 0;
        for (Collector.Missing m : concat(r.failed(), r.waiting(), r.notRun())) {
            double s = c.estimatedSeconds(m.task());
            if (!Double.isNaN(s)) {
                left += s;
                counted++;
            }
        }
        if (counted > 0) {
            b.append("the runs not done take about ").append(CampaignProgress.duration(left)).append(" (the plan's estimate)\n");
        }
        return b.toString();
    }

    /** {@code 7 of 8 runs (tp 7 of 8)}. */
    private static String runs(Campaign c, Map<String, Integer> runs) {
        int done = runs.values().stream().mapToInt(Integer::intValue).sum();
        String per = runs.entrySet().stream().map(e -> e.getKey() + " " + e.getValue() + " of "
                + c.tasks().stream().filter(t -> t.structure().equals(e.getKey())).count()).collect(Collectors.joining(", "));
        return done + " of " + NumberText.counted(c.tasks().size(), "run") + " (" + per + ")";
    }

    private static void missing(StringBuilder b, Campaign c, Collector.Report r) {
        list(b, c, "failed", r.failed(), true);
        list(b, c, "queued or running in Slurm", r.waiting(), false);
        list(b, c, "not run", r.notRun(), false);
    }

    private static void list(StringBuilder b, Campaign c, String what, List<Collector.Missing> tasks, boolean output) {
        b.append(what).append(": ").append(tasks.isEmpty() ? "none" : tasks.size() + (tasks.size() == 1 ? " task" : " tasks"))
                .append('\n');
        for (Collector.Missing m : tasks) {
            Task t = m.task();
            b.append("  task ").append(t.id()).append(" (").append(c.describe(t)).append("): ").append(m.state()).append('\n');
            if (output) {
                m.lastLines().forEach(l -> b.append("    | ").append(l).append('\n'));
            }
        }
    }

    @SafeVarargs
    private static List<Collector.Missing> concat(List<Collector.Missing>... lists) {
        return java.util.Arrays.stream(lists).flatMap(List::stream).toList();
    }

    /** The summary of a local {@code lcm campaign run}. */
    public static String local(CampaignLayout layout, LocalRunner.Result r) {
        Campaign c = layout.campaign();
        StringBuilder b = new StringBuilder("ran ").append(NumberText.counted(r.ran(), "run")).append(" of ")
                .append(layout.file().getFileName()).append(" in ").append(CampaignProgress.duration(r.seconds()));
        if (r.estimated() > 0) {
            b.append(" (the plan estimated ").append(CampaignProgress.duration(r.estimated()))
                    .append(": actual/estimate ").append(NumberText.fixed(r.seconds() / r.estimated(), 2)).append(')');
        }
        if (r.alreadyDone() > 0) {
            b.append("; ").append(r.alreadyDone()).append(" were done before");
        }
        b.append('\n');
        for (Campaign.Structure s : c.structures()) {
            RecordedRuns rec = RecordedRuns.read(layout.pp(s.name()), c.name(), c.tasks().size(), new SourceRegistry());
            b.append("  ").append(CampaignLayout.shown(layout.pp(s.name()))).append(": ").append(rec.blocks().size())
                    .append(" of ").append(NumberText.counted(c.tasks().stream().filter(t -> t.structure().equals(s.name())).count(),
                    "run")).append("\n");
        }
        return b.toString();
    }

    /** The summary of {@code lcm campaign run --slurm}. */
    public static String submitted(CampaignLayout layout, SlurmSubmit.Result r) {
        StringBuilder b = new StringBuilder();
        long n = r.jobs().stream().mapToLong(j -> j.tasks().count()).sum();
        b.append("submitted ").append(n).append(n == 1 ? " task" : " tasks").append(" of ")
                .append(layout.file().getFileName()).append(" to Slurm");
        if (!r.jobs().isEmpty()) {
            b.append(": ").append(r.jobs().stream().map(j -> "job " + j.id() + " (tasks " + j.tasks().text()
                    + (j.cpus().equals("exclusive") ? ", a whole node each" : ", " + j.cpus() + " CPUs each") + ")")
                    .collect(Collectors.joining(", ")));
        }
        b.append('\n');
        if (r.alreadyDone() > 0 || r.inFlight() > 0) {
            b.append("  not submitted again: ").append(r.alreadyDone()).append(" done, ").append(r.inFlight())
                    .append(" queued or running\n");
        }
        b.append("  job script: ").append(CampaignLayout.shown(layout.jobScript())).append('\n');
        b.append("  when they are done: lcm campaign collect ").append(CampaignLayout.shown(layout.file())).append('\n');
        return b.toString();
    }

    /** The warning for tasks whose points need more processors than there are. */
    public static String refused(Campaign c, List<Task> refused, int processors, String where) {
        String ps = refused.stream().map(t -> c.point(t.point()).processors()).distinct().sorted()
                .map(String::valueOf).collect(Collectors.joining(", "));
        return NumberText.counted(refused.size(), "run") + (refused.size() == 1 ? " needs" : " need") + " more processors than " + where
                + " (" + processors + "): p = " + ps + "; " + (refused.size() == 1 ? "it stays" : "they stay")
                + " in the campaign, not run";
    }
}
