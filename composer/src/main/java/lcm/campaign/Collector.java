package lcm.campaign;

import lcm.expr.NumberText;
import lcm.campaign.Campaign.Structure;
import lcm.campaign.Campaign.Task;
import lcm.source.AtomicOutput;
import lcm.pp.PpReader;
import lcm.source.InputFile;
import lcm.source.SourceLocation;
import lcm.source.SourceRegistry;
import lcm.source.UserError;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * {@code lcm campaign collect FILE}: the complete parts of a campaign's tasks merged into one pp
 * file per structure, in design order, each run after its {@link RunMark} (docs/campaigns.md).
 * Runs already in a pp file stay; a part whose run is in the pp file already must be the same
 * run, or the task is reported as doubled and that pp file is left as it was. The parts stay, so
 * collecting again gives the same files and changes nothing. Tasks without a complete part are
 * listed: failed (with how they ended and the last lines of their output), still in Slurm's
 * queue, or never submitted.
 */
public final class Collector {

    private Collector() {
    }

    /** A task that has no run: what became of it, and the last lines of its output. */
    public record Missing(Task task, String state, List<String> lastLines) {
    }

    /**
     * What collect found and did.
     *
     * @param runs      each structure's runs in its pp file now
     * @param merged    parts merged in this collect (that collect would merge, in a survey)
     * @param changed   the pp files written (that collect would write)
     * @param failed    tasks that ended without a complete part
     * @param waiting   tasks Slurm still has queued or running
     * @param notRun    tasks never submitted or run
     * @param doubled   tasks with two different runs ("task 7: ...")
     * @param sacct     what sacct said of the failed tasks, or why it could not
     */
    public record Report(Map<String, Integer> runs, int merged, List<String> changed, List<Missing> failed,
                         List<Missing> waiting, List<Missing> notRun, List<String> doubled, String sacct) {
    }

    /** Merges the complete parts into the pp files and reports. */
    public static Report collect(CampaignLayout layout, SourceRegistry sources) {
        return collect(layout, true, sources);
    }

    /** What collect would find, writing nothing ({@code lcm campaign status}). */
    public static Report survey(CampaignLayout layout, SourceRegistry sources) {
        return collect(layout, false, sources);
    }

    private static Report collect(CampaignLayout layout, boolean write, SourceRegistry sources) {
        Campaign c = layout.campaign();
        SubmittedJobs submitted = SubmittedJobs.read(layout, sources);
        List<SubmittedJobs.Job> jobs = submitted.jobs();
        Map<String, String> queued = jobs.isEmpty() ? Map.of()
                : Slurm.queue(jobs.stream().map(SubmittedJobs.Job::id).toList());
        Map<String, Integer> runs = new LinkedHashMap<>();
        Map<Path, String> writes = new LinkedHashMap<>();
        List<String> doubled = new ArrayList<>();
        List<Missing> failed = new ArrayList<>();
        List<Missing> waiting = new ArrayList<>();
        List<Missing> notRun = new ArrayList<>();
        int merged = 0;
        // everything is read and checked first; the files are written only when all of it is good
        for (Structure s : c.structures()) {
            Path pp = layout.pp(s.name());
            RecordedRuns recorded = RecordedRuns.read(pp, c.name(), c.tasks().size(), sources);
            for (int t : recorded.doubled()) {
                doubled.add("task " + t + " (" + c.describe(c.task(t)) + "): twice in " + CampaignLayout.shown(pp));
            }
            StringBuilder text = new StringBuilder(recorded.prefix());
            List<Integer> tasks = new ArrayList<>();
            int added = 0;
            boolean conflict = !recorded.doubled().isEmpty();
            for (Task t : c.tasks()) {
                if (!t.structure().equals(s.name())) {
                    continue;
                }
                RecordedRuns.Block inPp = recorded.blocks().get(t.id());
                Optional<String> part = part(layout, t, sources);
                if (inPp != null && part.isPresent() && !inPp.text().equals(part.get())) {
                    doubled.add("task " + t.id() + " (" + c.describe(t) + "): in " + CampaignLayout.shown(pp)
                            + " and in " + CampaignLayout.shown(layout.part(t.id())) + " with other lines (a task run twice?)");
                    conflict = true;
                }
                if (inPp != null) {
                    text.append(inPp.text());
                    tasks.add(t.id());
                } else if (part.isPresent()) {
                    text.append(part.get());
                    tasks.add(t.id());
                    added++;
                } else {
                    missing(layout, t, jobs, queued, submitted, failed, waiting, notRun, sources);
                }
            }
            runs.put(s.name(), tasks.size());
            if (conflict || tasks.isEmpty() && !Files.exists(pp)) {
                continue;
            }
            String t = text.toString();
            if (!t.equals(recorded.text())) {
                readBack(pp, t, c, tasks);
                writes.put(pp, t);
                merged += added;
            }
        }
        if (write) {
            writes.forEach((file, t) -> AtomicOutput.file(file, tmp -> Files.writeString(tmp, t, StandardCharsets.UTF_8)));
        }
        List<String> changed = writes.keySet().stream().map(CampaignLayout::shown).toList();
        return new Report(runs, merged, changed, failed, waiting, notRun, doubled, sacct(jobs, failed));
    }

    /**
     * The text to be written to {@code pp} read back as the next status will read it: it must
     * hold exactly the runs of {@code tasks}, or nothing is written.
     */
    private static void readBack(Path pp, String text, Campaign c, List<Integer> tasks) {
        RecordedRuns back = RecordedRuns.parse(pp, text, c.name(), c.tasks().size());
        if (!back.doubled().isEmpty() || !List.copyOf(back.blocks().keySet()).equals(tasks)) {
            throw UserError.of(pp + ": the merged file would not read back as the runs of tasks "
                    + TaskRanges.of(tasks).text() + " (it reads as tasks " + TaskRanges.of(List.copyOf(back.blocks().keySet())).text()
                    + "): nothing was written");
        }
    }

    /** The largest part read: 256 MiB (one run's pp lines). */
    public static final long MAX_PART_BYTES = 256L << 20;

    /**
     * A task's complete part with its mark, as it goes into the pp file; its lines checked as pp
     * lines, and none of them a campaign's mark (a part holds one run).
     */
    private static Optional<String> part(CampaignLayout layout, Task t, SourceRegistry sources) {
        Path file = layout.part(t.id());
        if (!Files.exists(file)) {
            return Optional.empty();
        }
        double seconds = ExitRecord.read(layout.exitRecord(t.id()), t.id(), sources).map(ExitRecord::seconds).orElse(Double.NaN);
        String lines = InputFile.text(file, MAX_PART_BYTES, "a task's part");
        PpReader.check(file, lines, sources);
        RecordedRuns inside = RecordedRuns.parse(file, lines, layout.campaign().name());
        if (!inside.blocks().isEmpty()) {
            int line = (int) inside.prefix().lines().count() + 1;
            throw UserError.at(SourceLocation.of(file, line, 1), "a campaign's mark in a task's part (a part holds the "
                    + "lines of one run; collect writes its mark)");
        }
        return Optional.of(RunMark.line(layout.campaign(), t, seconds) + "\n" + lines + (lines.endsWith("\n") ? "" : "\n"));
    }

    private static void missing(CampaignLayout layout, Task t, List<SubmittedJobs.Job> jobs, Map<String, String> queued,
                                SubmittedJobs submitted, List<Missing> failed, List<Missing> waiting,
                                List<Missing> notRun, SourceRegistry sources) {
        Optional<ExitRecord> exit = ExitRecord.read(layout.exitRecord(t.id()), t.id(), sources);
        List<String> output = new ArrayList<>(InputFile.tail(layout.log(t.id()), 5));
        Optional<SubmittedJobs.Job> job = jobs.stream().filter(j -> j.tasks().contains(t.id())).reduce((a, b) -> b);
        // what Slurm itself said of the task (a time limit, a cancellation) is in its own output file
        job.ifPresent(j -> output.addAll(InputFile.tail(layout.logs().resolve("slurm-" + j.arrayTask(t.id())
                + ".out"), 3)));
        if (exit.isPresent()) {
            ExitRecord e = exit.get();
            failed.add(new Missing(t, e.how() + " on " + e.node() + " after " + NumberText.fixed(e.seconds(), 1) + " s (Slurm task " + e.job() + ")", output));
        } else if (job.isPresent() && queued.containsKey(job.get().arrayTask(t.id()))) {
            waiting.add(new Missing(t, queued.get(job.get().arrayTask(t.id())).toLowerCase(java.util.Locale.ROOT)
                    + " (Slurm task " + job.get().arrayTask(t.id()) + ")", List.of()));
        } else if (job.isPresent()) {
            failed.add(new Missing(t, "no exit record: the task ended before it could write one (cancelled before it "
                    + "started, killed with SIGKILL, or its node failed; Slurm task " + job.get().arrayTask(t.id()) + ")", output));
        } else if (submitted.refused().contains(t.id())) {
            notRun.add(new Missing(t, "refused at submit: it needs " + layout.campaign().point(t.point()).processors()
                    + " CPUs, the nodes have " + submitted.nodeCpus(), List.of()));
        } else {
            notRun.add(new Missing(t, "not run and not submitted", output));
        }
    }

    /** sacct's state of each failed task where accounting is configured; the reason where not. */
    private static String sacct(List<SubmittedJobs.Job> jobs, List<Missing> failed) {
        if (failed.isEmpty() || jobs.isEmpty()) {
            return "";
        }
        StringBuilder unavailable = new StringBuilder();
        Map<String, Slurm.Accounted> acct = Slurm.accounting(jobs.stream().map(SubmittedJobs.Job::id).toList(), unavailable);
        if (!unavailable.isEmpty()) {
            return "not available (" + unavailable + "): the states above are the tasks' own exit records";
        }
        List<String> lines = new ArrayList<>();
        for (Missing m : failed) {
            Task t = m.task();
            Optional<SubmittedJobs.Job> job = jobs.stream().filter(j -> j.tasks().contains(t.id())).reduce((a, b) -> b);
            if (job.isEmpty()) {
                continue;
            }
            String id = job.get().arrayTask(t.id());
            Slurm.Accounted a = acct.get(id);
            lines.add("task " + t.id() + " (" + id + "): " + (a == null ? "no record"
                    : a.state() + ", exit code " + a.exitCode() + ", node " + a.node() + ", elapsed " + a.elapsed()));
        }
        return String.join("; ", lines);
    }
}
