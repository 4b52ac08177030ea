package lcm.skeleton;

import lcm.phases.Timeline;
import lcm.phases.TimelineReader;
import lcm.source.SourceRegistry;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A skeleton of a trace with MPI collectives: each collective is a barrier among its members. */
class CollectiveSkeletonTest {

    @TempDir
    Path dir;

    @Test
    void collectivesBecomeBarriersAndTheSkeletonRuns() throws Exception {
        // 20 iterations of: p0 sends to p1, then p0, p1 and p2 allreduce (3 ticks an iteration)
        StringBuilder mpt = new StringBuilder();
        for (int it = 0; it < 20; it++) {
            double t = 0.003 * it;
            mpt.append(String.format(java.util.Locale.ROOT, """
                    p0 compute %1$.6f %2$.6f
                    p0 send %2$.6f %2$.6f to=p1 size=8
                    p1 recv %1$.6f %3$.6f from=p0 size=8
                    p0 collective %2$.6f %4$.6f name=MPI_Allreduce
                    p1 collective %3$.6f %4$.6f name=MPI_Allreduce
                    p2 compute %1$.6f %2$.6f
                    p2 collective %2$.6f %4$.6f name=MPI_Allreduce
                    """, t, t + 0.001, t + 0.0015, t + 0.003));
        }
        Path trace = dir.resolve("coll.mpt");
        Files.writeString(trace, mpt);
        Timeline tl = TimelineReader.read(trace, new SourceRegistry());
        Path out = dir.resolve("sk");
        Skeletons.Generated g = Skeletons.generate(tl, 0.02, out);
        assertTrue(g.plan().repeats(), g.plan().nest());
        assertTrue(g.compiled());
        String source = Files.readString(out.resolve("Skeleton.java"));
        // one barrier of three members, reached by every task inside the loop
        assertEquals(1, source.split("new CyclicBarrier\\(3\\)", -1).length - 1, source);
        assertEquals(3, source.split("gather\\(", -1).length - 2, source); // 3 calls + the method itself
        double seconds = SkeletonBuild.load(out).run(); // returns: no deadlock
        assertTrue(seconds > 0, "ran for " + seconds + " s");
    }
}
