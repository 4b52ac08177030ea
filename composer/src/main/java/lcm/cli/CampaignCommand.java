package lcm.cli;

import lcm.expr.NumberText;
import lcm.campaign.CampaignFile;
import lcm.campaign.CampaignLayout;
import lcm.campaign.CampaignText;
import lcm.campaign.Collector;
import lcm.campaign.LcmLauncher;
import lcm.campaign.LocalRunner;
import lcm.campaign.SlurmCancel;
import lcm.campaign.SlurmSubmit;
import lcm.campaign.SubmittedJobs;
import lcm.source.SourceRegistry;
import lcm.source.UserError;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.stream.Collectors;

/** {@code lcm campaign run|status|collect|cancel FILE}: a campaign that lcm plan designed (docs/campaigns.md). */
@Command(name = "campaign", mixinStandardHelpOptions = true,
        description = "Run a campaign that lcm plan designed, here or as a Slurm job array, and collect its runs. "
                + "See docs/campaigns.md.",
        subcommands = {CampaignCommand.Run.class, CampaignCommand.Status.class, CampaignCommand.Collect.class,
                CampaignCommand.Cancel.class})
public final class CampaignCommand extends CommandGroup {

    private CampaignLayout read(Path file) {
        return CampaignFile.read(file, root.sources());
    }

    /** {@code lcm campaign run FILE [--resume] [--slurm ...]}. */
    @Command(name = "run", mixinStandardHelpOptions = true,
            description = {"Run every run of the campaign under lcm measure: here, one after the other with a progress "
                    + "bar, each run appended atomically to its structure's pp file; or with --slurm as Slurm job arrays, "
                    + "one array task per run (then lcm campaign collect merges them)."})
    static final class Run implements Callable<Integer> {

        @ParentCommand
        private CampaignCommand campaign;

        @Parameters(index = "0", paramLabel = "FILE", description = "The campaign file (lcm plan).")
        private Path file;

        @Option(names = "--resume", description = "Run (or submit) only the runs that are missing: neither in the pp "
                + "files, nor complete, nor queued in Slurm.")
        private boolean resume;

        @Option(names = "--slurm", description = "Submit the runs as Slurm job arrays (sbatch --array) instead of running them here.")
        private boolean slurm;

        @Option(names = "--partition", paramLabel = "NAME", description = "With --slurm: sbatch --partition.")
        private String partition;

        @Option(names = "--account", paramLabel = "NAME", description = "With --slurm: sbatch --account.")
        private String account;

        @Option(names = "--time", paramLabel = "LIMIT", description = "With --slurm: sbatch --time, the limit of each task (e.g. 10:00).")
        private String time;

        @Option(names = "--cpus-only", description = "With --slurm: ask for the point's p CPUs (--cpus-per-task) instead "
                + "of a whole node (--exclusive) per task; other jobs may then share the node while it measures.")
        private boolean cpusOnly;

        @Option(names = "--max-parallel", paramLabel = "N", defaultValue = "0",
                description = "With --slurm: at most N tasks of an array at once (sbatch --array=...%%N).")
        private int maxParallel;

        @Option(names = "--sbatch-option", paramLabel = "OPTION",
                description = "With --slurm: another sbatch option, passed as it is (repeatable), e.g. --sbatch-option=--qos=short.")
        private List<String> sbatchOptions = new ArrayList<>();

        @Override
        public Integer call() {
            LcmCommand root = campaign.root;
            CampaignLayout layout = campaign.read(file);
            if (!slurm && (partition != null || account != null || time != null || cpusOnly || maxParallel != 0
                    || !sbatchOptions.isEmpty())) {
                throw UserError.of("--partition, --account, --time, --cpus-only, --max-parallel and --sbatch-option go "
                        + "with --slurm");
            }
            if (slurm) {
                SlurmSubmit.Result r = SlurmSubmit.submit(layout, new SlurmSubmit.Options(Optional.ofNullable(partition),
                        Optional.ofNullable(account), Optional.ofNullable(time), !cpusOnly, maxParallel, sbatchOptions),
                        resume, LcmLauncher.current());
                if (!r.refused().isEmpty()) {
                    root.err().println("lcm campaign: warning: " + CampaignText.refused(layout.campaign(), r.refused(),
                            r.nodeCpus(), "the nodes " + (partition == null ? "" : "of partition " + partition + " ") + "have"));
                }
                root.out().print(CampaignText.submitted(layout, r));
                return ExitCode.OK;
            }
            int processors = Runtime.getRuntime().availableProcessors();
            LocalRunner.Result r = LocalRunner.run(layout, resume, LcmLauncher.current(), processors, root.err(),
                    Progress.terminal());
            root.out().print(CampaignText.local(layout, r));
            if (!r.refused().isEmpty()) {
                root.err().println("lcm campaign: warning: " + CampaignText.refused(layout.campaign(), r.refused(),
                        processors, "this machine has") + " (run them on a cluster: --slurm)");
            }
            if (!r.failed().isEmpty()) {
                throw UserError.of(r.failed().size() + " of " + NumberText.counted(r.ran(), "run") + " failed: " + r.failed().stream()
                        .map(f -> "task " + f.task().id() + " (" + layout.campaign().describe(f.task()) + ": lcm measure "
                                + "exited with " + f.status() + (f.lastLines().isEmpty() ? "" : ": "
                                + f.lastLines().get(f.lastLines().size() - 1)) + ")")
                        .collect(Collectors.joining("; ")) + "; their output is in "
                        + CampaignLayout.shown(layout.logs()) + "/; --resume runs them again");
            }
            return ExitCode.OK;
        }
    }

    /** A subcommand that reads the campaign file and prints a report of it. */
    abstract static class Report implements Callable<Integer> {

        @ParentCommand
        private CampaignCommand campaign;

        @Parameters(index = "0", paramLabel = "FILE", description = "The campaign file.")
        private Path file;

        @Override
        public Integer call() {
            campaign.root.out().print(report(campaign.read(file)));
            return ExitCode.OK;
        }

        /** Where the lines of the files read are kept, for the diagnostics to show. */
        SourceRegistry sources() {
            return campaign.root.sources();
        }

        abstract String report(CampaignLayout layout);
    }

    /** {@code lcm campaign status FILE}. */
    @Command(name = "status", mixinStandardHelpOptions = true,
            description = "Say which runs of the campaign are done, waiting to be collected, failed, queued in Slurm, or not run.")
    static final class Status extends Report {
        @Override
        String report(CampaignLayout layout) {
            return CampaignText.status(layout, Collector.survey(layout, sources()), SubmittedJobs.jobs(layout, sources()));
        }
    }

    /** {@code lcm campaign collect FILE}. */
    @Command(name = "collect", mixinStandardHelpOptions = true,
            description = "Merge the runs of the campaign's Slurm tasks into one pp file per structure, in design order; "
                    + "check that none is missing or doubled; list the failed tasks with the last lines of their output.")
    static final class Collect extends Report {
        @Override
        String report(CampaignLayout layout) {
            return CampaignText.collect(layout, Collector.collect(layout, sources()));
        }
    }

    /** {@code lcm campaign cancel FILE}. */
    @Command(name = "cancel", mixinStandardHelpOptions = true,
            description = "Cancel the campaign's Slurm jobs (scancel); what finished stays, lcm campaign run --slurm --resume submits the rest.")
    static final class Cancel extends Report {
        @Override
        String report(CampaignLayout layout) {
            return SlurmCancel.cancel(layout) + "\n";
        }
    }
}
