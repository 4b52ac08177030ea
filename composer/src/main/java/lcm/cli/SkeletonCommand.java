package lcm.cli;

import lcm.expr.NumberText;
import lcm.phases.Timeline;
import lcm.phases.TimelineReader;
import lcm.skeleton.SkeletonBuild;
import lcm.skeleton.SkeletonPlan;
import lcm.skeleton.Skeletons;
import lcm.source.UserError;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;

import java.nio.file.Path;
import java.util.concurrent.Callable;

/**
 * {@code lcm skeleton TRACE --target-seconds S -o DIR [--run]}: a performance skeleton (Xu and
 * Subhlok): a short Java program with the trace's loop nest and communication that runs about
 * S seconds; docs/skeletons.md.
 */
@Command(name = "skeleton", mixinStandardHelpOptions = true,
        description = {"Generate a performance skeleton from a message-passing trace: the loop nest of its logical "
                + "trace as a Java program (a thread per task, queues for messages, calibrated busy work), scaled "
                + "down to about S seconds. Its run time x SCALE predicts the application's. See docs/skeletons.md."})
public final class SkeletonCommand implements Callable<Integer> {

    @ParentCommand
    private LcmCommand lcm;

    @Parameters(paramLabel = "TRACE", description = "A message-passing trace (.mpt, .prv, Chrome timeline .json).")
    private Path trace;

    @Option(names = "--target-seconds", required = true, paramLabel = "S", description = "How long the skeleton should run.")
    private double target;

    @Option(names = {"-o", "--output"}, required = true, paramLabel = "DIR",
            description = "Folder to write (Skeleton.java and classes/), replaced as a whole.")
    private Path dir;

    @Option(names = "--run", description = "Run the skeleton once after building it and print its prediction.")
    private boolean run;

    @Override
    public Integer call() {
        if (!(target > 0) || Double.isInfinite(target)) {
            throw UserError.of("--target-seconds " + target + ": must be a positive number of seconds");
        }
        Timeline tl = TimelineReader.read(trace, lcm.sources());
        Skeletons.Generated g = Skeletons.generate(tl, target, dir);
        lcm.warn(g.warnings());
        SkeletonPlan p = g.plan();
        StringBuilder sb = new StringBuilder();
        sb.append("trace: ").append(trace).append(" (").append(p.tasks().size()).append(" tasks, measured ")
                .append(NumberText.text(p.measured())).append(" s)\n");
        sb.append("loop nest: ").append(p.nest().length() > 200 ? p.nest().substring(0, 197) + "..." : p.nest()).append('\n');
        sb.append("top-level loops (iterations in the trace -> in the skeleton):");
        boolean any = false;
        for (SkeletonPlan.Block b : p.top()) {
            if (b instanceof SkeletonPlan.LoopBlock l) {
                sb.append(any ? ", " : " ").append(l.measuredCount()).append(" -> ").append(l.count());
                any = true;
            }
        }
        sb.append(any ? "\n" : " none (no repetition: flat program)\n");
        if (p.computeScale() != 1) {
            sb.append("computations scaled by ").append(NumberText.text(p.computeScale())).append('\n');
        }
        sb.append("expected skeleton time: ").append(NumberText.text(p.estimated())).append(" s; SCALE = ")
                .append(NumberText.text(p.scale())).append(" (application time = skeleton time x SCALE)\n");
        sb.append("wrote: ").append(dir.resolve("Skeleton.java")).append(g.compiled() ? " and " + dir.resolve("classes") : "")
                .append('\n');
        lcm.out().print(sb);
        if (run) {
            if (!g.compiled()) {
                throw UserError.of("--run: the skeleton could not be compiled in this runtime (no javac)");
            }
            lcm.out().print(SkeletonBuild.runProcess(dir));
        }
        lcm.out().flush();
        return ExitCode.OK;
    }
}
