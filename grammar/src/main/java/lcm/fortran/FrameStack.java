package lcm.fortran;

import lcm.source.Diagnostics;
import lcm.source.SourceSpan;
import lcm.structure.BranchProbabilities;
import lcm.structure.Construct;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.function.Predicate;

/**
 * The blocks the Fortran block builder has open, innermost first, and what each becomes when it
 * closes: a closed block is made into its {@link Construct} and added to the block around it. A
 * block closed out of order is reported, and what it holds is kept.
 */
final class FrameStack {

    private final Deque<Frame> frames = new ArrayDeque<>();
    private final Diagnostics diagnostics;
    /**
     * Blocks dropped after an error (an 'if' still open when a label ended its loop): their
     * closing statements, when they come, are not reported again.
     */
    private final List<FrameKind> abandoned = new ArrayList<>();
    /** A directive of this unit could not be read: unmatched directive closers are its consequence. */
    private boolean rejectedDirective;
    private Construct.ParallelLoop lastClosedParallelLoop;

    FrameStack(Diagnostics diagnostics) {
        this.diagnostics = diagnostics;
    }

    Frame peek() {
        return frames.peek();
    }

    void push(Frame f) {
        frames.push(f);
    }

    Frame pop() {
        return frames.pop();
    }

    boolean isEmpty() {
        return frames.isEmpty();
    }

    /** Whether an open block matches. */
    boolean anyOpen(Predicate<Frame> which) {
        return frames.stream().anyMatch(which);
    }

    /** Whether a labelled DO loop ending at {@code label} is open. */
    boolean labelledLoopOpen(String label) {
        return anyOpen(f -> f.kind == FrameKind.DO && f.label.equals(label));
    }

    /** A directive of the current unit could not be read. */
    void directiveRejected() {
        rejectedDirective = true;
    }

    boolean rejectedDirective() {
        return rejectedDirective;
    }

    /** Whether a closer of {@code kind} was already accounted for by an error (the block was dropped). */
    boolean abandoned(FrameKind kind) {
        return abandoned.contains(kind);
    }

    /** The parallel loop the last line closed, if it closed one (an 'end parallel do' may follow). */
    Construct.ParallelLoop lastClosedParallelLoop() {
        return lastClosedParallelLoop;
    }

    void forgetClosedLoop() {
        lastClosedParallelLoop = null;
    }

    /** Whether a frame of {@code kind} is open in the current unit. */
    boolean openInUnit(FrameKind kind) {
        for (Frame f : frames) {
            if (f.kind == FrameKind.UNIT) {
                return false;
            }
            if (f.kind == kind) {
                return true;
            }
        }
        return false;
    }

    /** Adds a construct to the innermost open block. */
    void add(Construct c) {
        Frame f = frames.peek();
        if (f != null) {
            f.body.add(c);
        }
    }

    /** The probabilities given to the branches of an IF or SELECT block so far. */
    BranchProbabilities branchProbabilities(Frame f) {
        if (f.probabilities == null) {
            f.probabilities = new BranchProbabilities(diagnostics);
        }
        return f.probabilities;
    }

    /** Closes the innermost frame of {@code kind}; frames above it are reported as unclosed. */
    void close(FrameKind kind, String closer, LogicalLine line) {
        Frame target = null;
        for (Frame f : frames) {
            if (f.kind == FrameKind.UNIT) {
                break;
            }
            if (f.kind == kind && (kind != FrameKind.DO || f.label.isEmpty())) {
                target = f;
                break;
            }
        }
        if (target == null) {
            boolean directiveBlock = kind != FrameKind.DO && kind != FrameKind.IF && kind != FrameKind.SELECT
                    && kind != FrameKind.WHERE && kind != FrameKind.FRAGMENT;
            if (!abandoned.remove(kind) && !(directiveBlock && rejectedDirective)) {
                diagnostics.error(line.at(), "'" + closer + "' without '" + FrameConstructs.openerWord(kind, closer) + "'");
            }
            return;
        }
        while (frames.peek() != target) {
            // an unclosed block ends here: reported, and kept so that what it holds is not lost
            Frame f = frames.peek();
            abandoned.add(f.kind);
            diagnostics.error(f.at, FrameConstructs.unclosed(f, "'" + closer + "' at line " + line.at().line()));
            closeTop(line);
        }
        closeTop(line);
    }

    /**
     * Closes the labelled DO loops that end at {@code label}; blocks still open inside them are
     * reported and dropped.
     */
    void closeLabelledLoops(String label, LogicalLine line) {
        while (!frames.isEmpty() && frames.peek().kind == FrameKind.DO && frames.peek().label.equals(label)) {
            closeTop(line);
        }
        if (labelledLoopOpen(label)) {
            Frame inner = frames.peek();
            diagnostics.error(line.at(), "label " + label + " ends a do loop while '" + inner.shown
                    + "' (line " + inner.at.line() + ") is still open");
            while (!frames.isEmpty() && !(frames.peek().kind == FrameKind.DO && frames.peek().label.equals(label))) {
                abandoned.add(frames.peek().kind);
                closeTop(line);
            }
            while (!frames.isEmpty() && frames.peek().kind == FrameKind.DO && frames.peek().label.equals(label)) {
                closeTop(line);
            }
        }
    }

    /** Reports and drops every block still open above a unit's root. */
    void closeAbove(Frame root, String where) {
        while (!frames.isEmpty() && frames.peek() != root) {
            Frame f = frames.pop();
            diagnostics.error(f.at, FrameConstructs.unclosed(f, where));
        }
    }

    /** A unit has closed: what its errors excused ends with it. */
    void unitClosed() {
        abandoned.clear();
        rejectedDirective = false;
    }

    private void closeTop(LogicalLine line) {
        Frame f = frames.pop();
        int end = line.lastLine();
        SourceSpan span = new SourceSpan(f.at, Math.max(f.at.line(), end));
        Construct c = switch (f.kind) {
            case DO -> FrameConstructs.loop(f, span, diagnostics);
            case IF, SELECT -> {
                BranchProbabilities given = branchProbabilities(f);
                if (!f.body.isEmpty() || f.kind == FrameKind.IF || given.hasCurrent()) {
                    f.branches.add(f.body);
                    given.next();
                }
                yield new Construct.Conditional(span, f.attached, f.branches, given.branches());
            }
            case WHERE -> new Construct.Block(span, f.attached, "where", f.body);
            case TILE -> FrameConstructs.tile(f, span, diagnostics);
            case SECTIONS -> {
                FrameConstructs.finishSection(f, end - 1);
                yield new Construct.Sections(span, f.attached, f.directive == null ? "parallel sections"
                        : f.directive.shown(), f.sections);
            }
            case REGION -> {
                FrameConstructs.flushTasks(f);
                yield new Construct.Region(span, f.attached, f.directive.shown(), f.directive.threads(), f.body);
            }
            case ONE -> {
                FrameConstructs.flushTasks(f);
                yield new Construct.OneProcessor(span, f.attached, f.directive.shown(), f.body);
            }
            case BLOCK -> {
                FrameConstructs.flushTasks(f);
                yield new Construct.Block(span, f.attached, f.directive.shown(), f.body);
            }
            case TASK -> {
                FrameConstructs.flushTasks(f);
                Frame parent = frames.peek();
                if (parent != null) {
                    if (parent.tasks.isEmpty()) {
                        parent.tasksAt = parent.body.size();
                        parent.tasksLocation = f.at;
                    }
                    parent.tasks.add(new Construct.Section(span, f.attached, f.body));
                }
                yield null;
            }
            case FRAGMENT -> {
                FrameConstructs.flushTasks(f);
                yield new Construct.FragmentBlock(span, f.attached, f.fragmentName, f.body);
            }
            case UNIT -> null;
        };
        if (c != null) {
            add(c);
        }
        lastClosedParallelLoop = c instanceof Construct.ParallelLoop pl && f.kind == FrameKind.DO ? pl : null;
    }
}
