package lcm.skeleton;

import lcm.source.AtomicOutput;
import lcm.phases.LogicalTrace;
import lcm.phases.Timeline;
import lcm.source.Diagnostic;
import lcm.source.UserError;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** The library behind {@code lcm skeleton}: plan, write, compile (docs/skeletons.md). */
public final class Skeletons {

    /** What was generated. */
    public record Generated(SkeletonPlan plan, Path dir, boolean compiled, List<Diagnostic> warnings) {
    }

    private Skeletons() {
    }

    public static Generated generate(Timeline tl, double targetSeconds, Path dir) {
        if (tl.messages().isEmpty()) {
            throw UserError.of(tl.source() + ": a skeleton needs a message-passing trace (.mpt, .prv, or another "
                    + "tool's Chrome timeline) to find the communication structure; this one has none");
        }
        LogicalTrace lt = LogicalTrace.of(tl.messages().get());
        SkeletonPlan plan = SkeletonPlan.of(lt, targetSeconds);
        List<Diagnostic> warnings = new ArrayList<>(tl.warnings());
        warnings.addAll(lt.warnings());
        if (lt.ticks().isEmpty()) {
            warnings.add(Diagnostic.warning(tl.source() + ": no messages: the skeleton is computation only"));
        }
        warnings.addAll(plan.warnings());
        String source = JavaSkeletonWriter.write(plan, tl.source(), BusyWork.iterationsPerSecond());
        boolean[] compiled = {false};
        AtomicOutput.folder(dir, temp -> {
            Files.writeString(temp.resolve("Skeleton.java"), source, StandardCharsets.UTF_8);
            compiled[0] = SkeletonBuild.compile(temp);
        });
        if (!compiled[0]) {
            warnings.add(Diagnostic.warning("this Java runtime has no compiler (a JRE): compile "
                    + dir.resolve("Skeleton.java") + " with javac"));
        }
        return new Generated(plan, dir, compiled[0], warnings);
    }
}
