package lcm.campaign;

import lcm.source.InputFile;
import lcm.source.SourceRegistry;
import lcm.source.SourceText;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The jobs a campaign submitted, one line each in its {@code slurm/jobs} file:
 * {@code job=14 offset=0 tasks=0-7,9 cpus=exclusive submitted=2026-11-27T04:00:00Z}. Array task
 * {@code i} of job 14 runs campaign task {@code offset + i}. Tasks refused at a submission (their
 * point needs more CPUs than the nodes have) are a line too:
 * {@code refused=8,10 node-cpus=2 submitted=2026-11-27T04:00:00Z}. Every value is checked where
 * it stands (a bad one is an error at its column), task numbers are kept as ranges and must be
 * tasks of the campaign, and a file over {@value #MAX_BYTES} bytes is not read.
 *
 * @param jobs     the jobs, in the order submitted
 * @param refused  the tasks the last submission that refused any refused (none when none did)
 * @param nodeCpus the most CPUs a node had at that submission (0 when none refused)
 */
public record SubmittedJobs(List<Job> jobs, TaskRanges refused, int nodeCpus) {

    /** The largest {@code slurm/jobs} file read: 1 MiB (a line per sbatch call; a campaign makes a few). */
    public static final long MAX_BYTES = 1 << 20;

    private static final String JOB = "job=ID offset=N tasks=A-B,C cpus=C submitted=TIME";
    private static final String REFUSED = "refused=A-B,C node-cpus=N submitted=TIME";

    public SubmittedJobs {
        jobs = List.copyOf(jobs);
    }

    /** One sbatch call: the job's id, the offset of its array indices, the campaign tasks it runs. */
    public record Job(String id, int offset, TaskRanges tasks, String cpus, String submitted) {

        public String line() {
            return "job=" + id + " offset=" + offset + " tasks=" + tasks.text() + " cpus=" + cpus + " submitted=" + submitted;
        }

        /** Slurm's name of the array task that runs campaign task {@code task}: {@code 14_3}. */
        public String arrayTask(int task) {
            return id + "_" + (task - offset);
        }
    }

    /** The line that records tasks refused at a submission. */
    public static String refusedLine(List<Integer> tasks, int nodeCpus, String submitted) {
        return "refused=" + TaskRanges.of(tasks).text() + " node-cpus=" + nodeCpus + " submitted=" + submitted;
    }

    /** The jobs of {@code layout}'s campaign ({@link #read}). */
    public static List<Job> jobs(CampaignLayout layout, SourceRegistry sources) {
        return read(layout, sources).jobs();
    }

    /** The campaign's {@code slurm/jobs} file read; nothing submitted when it does not exist. */
    public static SubmittedJobs read(CampaignLayout layout, SourceRegistry sources) {
        Path file = layout.jobs();
        if (!Files.exists(file)) {
            return new SubmittedJobs(List.of(), new TaskRanges(List.of()), 0);
        }
        int tasks = layout.campaign().tasks().size();
        SourceText text = sources.register(SourceText.of(file, InputFile.text(file, MAX_BYTES, "a campaign's slurm/jobs file")));
        List<Job> jobs = new ArrayList<>();
        TaskRanges refused = new TaskRanges(List.of());
        int nodeCpus = 0;
        List<String> lines = text.lines();
        for (int i = 0; i < lines.size(); i++) {
            String line = lines.get(i);
            if (line.isBlank()) {
                continue;
            }
            if (line.startsWith("refused=")) {
                FieldLine f = new FieldLine(file, i + 1, line, REFUSED);
                refused = f.tasks("refused", tasks);
                nodeCpus = f.whole("node-cpus", 1, Integer.MAX_VALUE);
                continue;
            }
            FieldLine f = new FieldLine(file, i + 1, line, JOB);
            String id = f.text("job");
            if (!id.matches("[0-9]{1,18}")) {
                throw f.bad("job", "expected Slurm's job id (digits)");
            }
            jobs.add(new Job(id, f.whole("offset", 0, Integer.MAX_VALUE), f.tasks("tasks", tasks),
                    f.optional("cpus").orElse("?"), f.optional("submitted").orElse("?")));
        }
        return new SubmittedJobs(jobs, refused, nodeCpus);
    }
}
