package lcm.campaign;

import lcm.expr.NumberText;
import lcm.campaign.Campaign.Task;
import lcm.source.AtomicOutput;
import lcm.probe.PpAppend;
import lcm.source.SourceRegistry;
import lcm.source.UserError;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * {@code lcm campaign run FILE --slurm}: the campaign as Slurm job arrays, one array task per run
 * (docs/campaigns.md). Each task gets a whole node ({@code --exclusive}, the default: nothing
 * else runs beside a measurement) or just the CPUs its point needs ({@code --cpus-per-task=p},
 * one array per value of p). Runs already in the pp files, complete parts, and tasks still
 * queued or running are not submitted again. Points that need more CPUs than the partition's
 * nodes have stay in the campaign but are not submitted.
 */
public final class SlurmSubmit {

    private SlurmSubmit() {
    }

    /**
     * The user's Slurm options, passed through to sbatch.
     *
     * @param exclusive   a whole node per task; else the point's p CPUs
     * @param maxParallel at most this many tasks of an array at once (0: no limit)
     * @param extra       further sbatch options, as given
     */
    public record Options(Optional<String> partition, Optional<String> account, Optional<String> time, boolean exclusive,
                          int maxParallel, List<String> extra) {
        public Options {
            extra = List.copyOf(extra);
        }
    }

    /** What was submitted, what was refused (too many CPUs), and what was there before. */
    public record Result(List<SubmittedJobs.Job> jobs, List<Task> refused, int nodeCpus, int alreadyDone, int inFlight) {
    }

    public static Result submit(CampaignLayout layout, Options o, boolean resume, LcmLauncher lcm) {
        Optional<String> why = Slurm.unavailable();
        if (why.isPresent()) {
            throw UserError.of("--slurm: " + why.get());
        }
        Campaign c = layout.campaign();
        CampaignState state = CampaignState.of(layout);
        List<SubmittedJobs.Job> before = SubmittedJobs.jobs(layout, new SourceRegistry());
        List<Integer> inFlight = inFlight(before);
        boolean started = state.doneCount() > 0 || !inFlight.isEmpty()
                || c.tasks().stream().anyMatch(t -> Files.exists(layout.exitRecord(t.id())));
        if (!resume && started) {
            throw UserError.of("campaign " + c.name() + " was started already (" + state.doneCount() + " of "
                    + NumberText.counted(c.tasks().size(), "run") + " done, " + inFlight.size() + " queued or running): --resume submits the "
                    + "runs that are neither done nor queued (lcm campaign status says which)");
        }
        int nodeCpus = Slurm.maxNodeCpus(o.partition());
        List<Task> refused = new ArrayList<>();
        Map<String, List<Task>> groups = new LinkedHashMap<>();
        for (Task t : c.tasks()) {
            if (state.done(t.id()) || inFlight.contains(t.id())) {
                continue;
            }
            int p = c.point(t.point()).processors();
            if (p > nodeCpus) {
                refused.add(t);
                continue;
            }
            groups.computeIfAbsent(o.exclusive() ? "exclusive" : Integer.toString(p), k -> new ArrayList<>()).add(t);
        }
        Map.Entry<String, List<Task>> first = groups.entrySet().stream().findFirst()
                .orElse(Map.entry("exclusive", c.tasks()));
        List<String> example = sbatchArgs(c, layout, o, first.getKey(),
                TaskRanges.of(first.getValue().stream().map(Task::id).toList()).text());
        example.add(0, "sbatch");
        example.add("0");
        writeScript(layout, JobScript.text(layout, lcm, example));
        if (!refused.isEmpty()) {
            PpAppend.append(layout.jobs(), SubmittedJobs.refusedLine(refused.stream().map(Task::id).toList(), nodeCpus,
                    Instant.now().truncatedTo(ChronoUnit.SECONDS).toString()) + "\n");
        }
        int maxArray = Slurm.maxArraySize();
        List<SubmittedJobs.Job> jobs = new ArrayList<>();
        for (Map.Entry<String, List<Task>> g : groups.entrySet()) {
            List<Task> tasks = g.getValue();
            for (int i = 0; i < tasks.size(); ) {
                int offset = tasks.get(i).id();
                List<Integer> chunk = new ArrayList<>();
                while (i < tasks.size() && tasks.get(i).id() - offset < maxArray) {
                    chunk.add(tasks.get(i).id());
                    i++;
                }
                clean(layout, chunk);
                List<String> args = sbatchArgs(c, layout, o, g.getKey(),
                        TaskRanges.of(chunk.stream().map(x -> x - offset).toList()).text());
                args.add(Integer.toString(offset));
                String id = Slurm.submit(args);
                SubmittedJobs.Job job = new SubmittedJobs.Job(id, offset, TaskRanges.of(chunk), g.getKey(),
                        Instant.now().truncatedTo(ChronoUnit.SECONDS).toString());
                PpAppend.append(layout.jobs(), job.line() + "\n");
                jobs.add(job);
            }
        }
        return new Result(jobs, refused, nodeCpus, state.doneCount(), inFlight.size());
    }

    private static List<String> sbatchArgs(Campaign c, CampaignLayout layout, Options o, String cpus, String array) {
        List<String> args = new ArrayList<>();
        args.add("--array=" + array + (o.maxParallel() > 0 ? "%" + o.maxParallel() : ""));
        args.add("--job-name=lcm-" + c.name());
        args.add("--output=" + layout.logs().resolve("slurm-%A_%a.out"));
        args.add("--nodes=1");
        args.add("--ntasks=1");
        if (cpus.equals("exclusive")) {
            args.add("--exclusive");
        } else {
            args.add("--cpus-per-task=" + cpus);
        }
        o.partition().ifPresent(p -> args.add("--partition=" + p));
        o.account().ifPresent(a -> args.add("--account=" + a));
        o.time().ifPresent(t -> args.add("--time=" + t));
        args.addAll(o.extra());
        args.add(layout.jobScript().toString());
        return args;
    }

    /** The tasks of earlier jobs that Slurm still has queued or running. */
    static List<Integer> inFlight(List<SubmittedJobs.Job> jobs) {
        Map<String, String> queued = Slurm.queue(jobs.stream().map(SubmittedJobs.Job::id).toList());
        List<Integer> out = new ArrayList<>();
        for (SubmittedJobs.Job j : jobs) {
            // the ranges are the campaign's tasks (SubmittedJobs checks them): one by one is bounded
            j.tasks().stream().filter(t -> queued.containsKey(j.arrayTask(t))).forEach(out::add);
        }
        return out;
    }

    private static void writeScript(CampaignLayout layout, String text) {
        try {
            Files.createDirectories(layout.slurm());
            Files.createDirectories(layout.logs());
            Files.createDirectories(layout.parts());
        } catch (IOException e) {
            throw UserError.of(layout.data() + ": cannot write: " + e.getMessage());
        }
        AtomicOutput.file(layout.jobScript(), tmp -> {
            Files.writeString(tmp, text, StandardCharsets.UTF_8);
            Files.setPosixFilePermissions(tmp, PosixFilePermissions.fromString("rwxr-xr-x"));
        });
    }

    /** Removes what an earlier attempt of these tasks left (a stale exit record, a part in progress). */
    private static void clean(CampaignLayout layout, List<Integer> tasks) {
        try {
            for (int t : tasks) {
                Files.deleteIfExists(layout.exitRecord(t));
                Files.deleteIfExists(layout.partInProgress(t));
            }
        } catch (IOException e) {
            throw UserError.of(layout.parts() + ": cannot clean: " + e.getMessage());
        }
    }
}
