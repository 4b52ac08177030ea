package lcm.campaign;

import java.nio.file.Path;

/**
 * Where a campaign's files are (docs/campaigns.md): the folders its file names, relative to the
 * file's own folder, so that a campaign moves with its folder.
 *
 * <pre>
 * fft2d.json                the campaign (lcm plan)
 * fft2d-data/tp.pp          the runs of structure tp, in design order, each after a "# campaign" line
 * fft2d-data/parts/7.pp     task 7's lines, once complete (a Slurm task, or a local run until appended)
 * fft2d-data/parts/7.exit   task 7's exit record (Slurm)
 * fft2d-data/logs/7.log     task 7's output (the program's and lcm measure's)
 * fft2d-data/slurm/job.sh   the job script; slurm/jobs the jobs submitted
 * </pre>
 *
 * @param file     the campaign file
 * @param campaign what it holds
 */
public record CampaignLayout(Path file, Campaign campaign) {

    public CampaignLayout {
        file = file.toAbsolutePath().normalize();
    }

    public Path folder() {
        return file.getParent();
    }

    /** The folder the commands run in. */
    public Path workdir() {
        return folder().resolve(campaign.workdir()).normalize();
    }

    public Path data() {
        return folder().resolve(campaign.data()).normalize();
    }

    public Path pp(String structure) {
        return data().resolve(structure + ".pp");
    }

    public Path parts() {
        return data().resolve("parts");
    }

    /** Task {@code id}'s complete lines. */
    public Path part(int id) {
        return parts().resolve(id + ".pp");
    }

    /** Where lcm measure writes task {@code id}'s lines; renamed to {@link #part} when the task is complete. */
    public Path partInProgress(int id) {
        return parts().resolve(id + ".pp.part");
    }

    public Path exitRecord(int id) {
        return parts().resolve(id + ".exit");
    }

    public Path logs() {
        return data().resolve("logs");
    }

    public Path log(int id) {
        return logs().resolve(id + ".log");
    }

    public Path slurm() {
        return data().resolve("slurm");
    }

    public Path jobScript() {
        return slurm().resolve("job.sh");
    }

    /** The record of the jobs submitted: one line per sbatch call. */
    public Path jobs() {
        return slurm().resolve("jobs");
    }

    /** A path as the user sees it: relative to the working directory when below it. */
    public static String shown(Path p) {
        Path cwd = Path.of("").toAbsolutePath();
        Path abs = p.toAbsolutePath().normalize();
        return abs.startsWith(cwd) && !abs.equals(cwd) ? cwd.relativize(abs).toString() : abs.toString();
    }
}
