package lcm.campaign;

import lcm.campaign.Campaign.Task;
import lcm.values.ShellWords;

import java.util.List;

/**
 * The job script of a campaign's Slurm array (docs/campaigns.md): a bash script a person can read
 * and keep. Array task i (plus the offset its first argument gives) runs campaign task i: one
 * {@code lcm measure} run, written out in full in the script's case list. Its lines go to a part
 * file under a temporary name, renamed when lcm measure succeeded; then the task writes its exit
 * record, also renamed into place. A task that is killed (scancel, its time limit, a node that
 * fails) leaves no part that looks complete; SIGTERM is waited out so that the exit record says
 * the task was signalled.
 */
public final class JobScript {

    private JobScript() {
    }

    /** The script for {@code layout}'s campaign, running lcm as {@code lcm} does. */
    public static String text(CampaignLayout layout, LcmLauncher lcm, List<String> exampleSubmit) {
        Campaign c = layout.campaign();
        String parts = layout.parts().toString();
        StringBuilder b = new StringBuilder();
        b.append("#!/bin/bash\n");
        b.append("# lcm campaign ").append(c.name()).append(": the job script that `lcm campaign run ")
                .append(layout.file().getFileName()).append(" --slurm` submits (docs/campaigns.md).\n");
        b.append("# Array task i runs task i + OFFSET of the campaign (OFFSET is the first argument, 0 unless the\n");
        b.append("# campaign has more tasks than the cluster's MaxArraySize): one run of one structure at one\n");
        b.append("# point, under lcm measure. It writes, in ").append(layout.data()).append(":\n");
        b.append("#   parts/TASK.pp.part  while lcm measure runs; renamed to parts/TASK.pp when it succeeded\n");
        b.append("#   parts/TASK.exit     the task's exit record, written under a temporary name and renamed\n");
        b.append("#   logs/TASK.log       the output of lcm measure and of the program\n");
        b.append("# so that a task killed on the way leaves nothing that looks complete. lcm campaign collect\n");
        b.append("# merges the parts into one pp file per structure, in design order. Submitted as\n");
        b.append("#   ").append(ShellWords.join(exampleSubmit)).append('\n');
        b.append("set -u\n");
        b.append("task=$(( SLURM_ARRAY_TASK_ID + ${1:-0} ))\n");
        b.append("parts=").append(ShellWords.quote(parts)).append('\n');
        b.append("logs=").append(ShellWords.quote(layout.logs().toString())).append('\n');
        b.append("cd ").append(ShellWords.quote(layout.workdir().toString())).append(" || exit 1\n");
        b.append("lcm=(").append(ShellWords.join(lcm.words())).append(")\n");
        b.append("case $task in\n");
        for (Task t : c.tasks()) {
            List<String> filled = CommandTemplate.fill(c.structure(t.structure()).command(), c.point(t.point()),
                    layout.partInProgress(t.id()).toString());
            b.append("  ").append(t.id()).append(") run=(").append(ShellWords.join(filled.subList(1, filled.size())))
                    .append(") ;; # ").append(c.describe(t)).append('\n');
        }
        b.append("  *) echo \"lcm campaign: $task is no task of campaign ").append(c.name())
                .append("\" >&2; exit 2 ;;\n");
        b.append("esac\n");
        b.append("mkdir -p \"$parts\" \"$logs\"\n");
        b.append("rm -f \"$parts/$task.pp.part\" \"$parts/$task.pp\" \"$parts/$task.exit\"\n");
        b.append("signal=none\n");
        b.append("trap 'signal=TERM' TERM\n");
        b.append("start=$(date +%s.%N)\n");
        b.append("\"${lcm[@]}\" \"${run[@]}\" > \"$logs/$task.log\" 2>&1 &\n");
        b.append("pid=$!\n");
        b.append("while kill -0 $pid 2>/dev/null; do wait $pid; done\n");
        b.append("wait $pid\n");
        b.append("status=$?\n");
        b.append("end=$(date +%s.%N)\n");
        b.append("if [ $status = 0 ] && [ -s \"$parts/$task.pp.part\" ]; then\n");
        b.append("  mv -f \"$parts/$task.pp.part\" \"$parts/$task.pp\"\n");
        b.append("else\n");
        b.append("  rm -f \"$parts/$task.pp.part\"\n");
        b.append("fi\n");
        b.append("printf 'task=%s status=%s signal=%s node=%s job=%s_%s start=%s end=%s\\n' \"$task\" \"$status\" \"$signal\" \\\n");
        b.append("  \"$(hostname -s)\" \"${SLURM_ARRAY_JOB_ID:-none}\" \"${SLURM_ARRAY_TASK_ID:-none}\" \"$start\" \"$end\" \\\n");
        b.append("  > \"$parts/.$task.exit.tmp\" && mv -f \"$parts/.$task.exit.tmp\" \"$parts/$task.exit\"\n");
        b.append("exit $status\n");
        return b.toString();
    }
}
