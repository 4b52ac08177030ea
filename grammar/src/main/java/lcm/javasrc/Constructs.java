package lcm.javasrc;

import lcm.structure.Attached;
import lcm.structure.Construct;

import java.util.List;

/** Small operations on {@link Construct}s that the Java builders need. */
final class Constructs {

    private Constructs() {
    }

    /** {@code c} with {@code extra} attached after the annotations it already has. */
    static Construct withAttached(Construct c, Attached extra) {
        if (extra.isEmpty()) {
            return c;
        }
        Attached a = c.attached().plus(extra.annotations());
        if (c instanceof Construct.Simple s) {
            return new Construct.Simple(s.span(), a);
        }
        if (c instanceof Construct.Call x) {
            return new Construct.Call(x.span(), a, x.callee(), x.arguments(), x.values());
        }
        if (c instanceof Construct.Loop x) {
            return new Construct.Loop(x.span(), a, x.variable(), x.trips(), x.boundsText(), x.body());
        }
        if (c instanceof Construct.ParallelLoop x) {
            return new Construct.ParallelLoop(x.span(), a, x.variable(), x.trips(), x.boundsText(), x.directive(),
                    x.clauses(), x.threads(), x.body());
        }
        if (c instanceof Construct.Sections x) {
            return new Construct.Sections(x.span(), a, x.directive(), x.sections(), x.threads());
        }
        if (c instanceof Construct.Region x) {
            return new Construct.Region(x.span(), a, x.directive(), x.threads(), x.body());
        }
        if (c instanceof Construct.OneProcessor x) {
            return new Construct.OneProcessor(x.span(), a, x.directive(), x.body());
        }
        if (c instanceof Construct.Conditional x) {
            return new Construct.Conditional(x.span(), a, x.branches(), x.probabilities());
        }
        if (c instanceof Construct.Block x) {
            return new Construct.Block(x.span(), a, x.kind(), x.body());
        }
        if (c instanceof Construct.FragmentBlock x) {
            return new Construct.FragmentBlock(x.span(), a, x.name(), x.body());
        }
        if (c instanceof Construct.SyncPoint x) {
            return new Construct.SyncPoint(x.span(), a, x.sync());
        }
        if (c instanceof Construct.Barrier x) {
            return new Construct.Barrier(x.span(), a);
        }
        throw new IllegalStateException("unknown construct " + c);
    }

    /** Whether a construct has anything the DAG shows as structure (not just plain statements). */
    static boolean hasStructure(Construct c) {
        if (!c.attached().isEmpty()) {
            return true;
        }
        if (c instanceof Construct.Simple || c instanceof Construct.Barrier) {
            return false;
        }
        if (c instanceof Construct.Call || c instanceof Construct.ParallelLoop || c instanceof Construct.Sections
                || c instanceof Construct.SyncPoint || c instanceof Construct.FragmentBlock
                || c instanceof Construct.Region) {
            return true;
        }
        return c.bodies().stream().anyMatch(Constructs::anyStructure);
    }

    static boolean anyStructure(List<Construct> body) {
        return body.stream().anyMatch(Constructs::hasStructure);
    }

}
