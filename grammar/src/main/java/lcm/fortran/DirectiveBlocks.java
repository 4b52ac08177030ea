package lcm.fortran;

import lcm.source.Diagnostics;
import lcm.source.SourceSpan;
import lcm.structure.AttachRule;
import lcm.structure.Attached;
import lcm.structure.Construct;

import java.util.ArrayList;
import java.util.List;

/**
 * What the parallel-construct directives of one Fortran file open and close in the block
 * builder's frames: directive-delimited blocks (sections, regions, tiles, tasks, ...), a parallel
 * loop directive waiting for its DO loop, barriers and task waits; the directives with no
 * structure are skipped (HPF's data mapping with one note per file).
 */
final class DirectiveBlocks {

    private final FrameStack frames;
    private final ProgramUnits units;
    private final AttachRule rule;
    private final Diagnostics diagnostics;
    /** A parallel loop directive read, waiting for the DO loop it makes parallel. */
    private Directive pendingLoop;
    private Attached pendingLoopAttached = Attached.NONE;
    /** HPF data-mapping directives of this file, skipped (one note says so). */
    private final List<Directive> hpfLayout = new ArrayList<>();

    DirectiveBlocks(FrameStack frames, ProgramUnits units, AttachRule rule, Diagnostics diagnostics) {
        this.frames = frames;
        this.units = units;
        this.rule = rule;
        this.diagnostics = diagnostics;
    }

    /** A directive line of the file. */
    void read(Directive d) {
        LogicalLine line = d.line();
        switch (d.meaning()) {
            case LOOP -> {
                units.ensure(line);
                if (pendingLoop != null) {
                    diagnostics.error(pendingLoop.line().at(), "'" + pendingLoop.shown()
                            + "' must be followed by a do loop, not by '" + d.shown() + "' (line " + line.at().line() + ")");
                }
                pendingLoop = d;
                pendingLoopAttached = units.takeForConstruct();
            }
            case LOOP_CLOSE -> {
                rule.nothingToAttach("'" + d.shown() + "' at line " + line.at().line());
                if (frames.lastClosedParallelLoop() == null && !frames.rejectedDirective()) {
                    diagnostics.error(line.at(), "'" + d.shown() + "' does not follow a parallel do loop");
                }
            }
            case TILE_OPEN -> open(FrameKind.TILE, d);
            case SECTIONS_OPEN -> open(FrameKind.SECTIONS, d).sectionAt = line.at();
            case SECTION -> section(d);
            case REGION_OPEN -> open(FrameKind.REGION, d);
            case ONE_OPEN -> open(FrameKind.ONE, d);
            case BLOCK_OPEN -> open(FrameKind.BLOCK, d);
            case TASK_OPEN -> open(FrameKind.TASK, d);
            case TILE_CLOSE -> close(FrameKind.TILE, d);
            case SECTIONS_CLOSE -> close(FrameKind.SECTIONS, d);
            case REGION_CLOSE -> close(FrameKind.REGION, d);
            case ONE_CLOSE -> close(FrameKind.ONE, d);
            case BLOCK_CLOSE -> close(FrameKind.BLOCK, d);
            case TASK_CLOSE -> close(FrameKind.TASK, d);
            case TASKWAIT -> {
                rule.nothingToAttach("'" + d.shown() + "' at line " + line.at().line());
                units.ensure(line);
                FrameConstructs.flushTasks(frames.peek());
            }
            case BARRIER -> {
                // annotations skip a barrier, as they skip declarations: it is no node of its own
                units.ensure(line);
                frames.add(new Construct.Barrier(new SourceSpan(line.at(), Math.max(line.at().line(), line.lastLine())),
                        Attached.NONE));
            }
            case IGNORED -> {
                // no structure: atomic, flush, threadprivate, simd, ...; HPF's data mapping is
                // skipped with one note per file, at the first (finish())
                if (d.family() == LogicalLine.Sentinel.HPF) {
                    hpfLayout.add(d);
                }
            }
        }
        frames.forgetClosedLoop();
    }

    /** A DO loop opens: a parallel loop directive waiting for it makes it parallel. */
    void takePendingLoop(Frame loop) {
        if (pendingLoop != null) {
            loop.loopDirective = pendingLoop;
            loop.loopAttached = pendingLoopAttached;
            pendingLoop = null;
            pendingLoopAttached = Attached.NONE;
        }
    }

    /** A line that is no DO loop: a parallel loop directive waiting for one is an error. */
    void noLoop(String what, int at) {
        if (pendingLoop != null) {
            diagnostics.error(pendingLoop.line().at(), "'" + pendingLoop.shown() + "' must be followed by a do loop, not by "
                    + what + (at > 0 ? " (line " + at + ")" : ""));
            pendingLoop = null;
            pendingLoopAttached = Attached.NONE;
        }
    }

    /** The end of the file: the note on skipped HPF directives, a loop directive left waiting. */
    void finish() {
        if (!hpfLayout.isEmpty()) {
            diagnostics.warning(hpfLayout.get(0).line().at(), "HPF data-mapping directives ("
                    + String.join(", ", hpfLayout.stream().map(x -> x.name().split(" ")[0]).distinct().toList())
                    + ") say where data live, not what runs in parallel: lcm skips them (" + hpfLayout.size()
                    + (hpfLayout.size() == 1 ? " line" : " lines") + " of this file, the first here); "
                    + "'independent' loops stay parallel loops");
        }
        noLoop("the end of the file", 0);
    }

    private Frame open(FrameKind kind, Directive d) {
        units.ensure(d.line());
        Frame f = new Frame(kind, d.shown(), d.line().at(), units.takeForConstruct());
        f.directive = d;
        frames.push(f);
        return f;
    }

    private void close(FrameKind kind, Directive d) {
        rule.nothingToAttach("'" + d.shown() + "' at line " + d.line().at().line());
        frames.close(kind, d.shown(), d.line());
    }

    private void section(Directive d) {
        LogicalLine line = d.line();
        Frame f = frames.peek();
        if (f == null || f.kind != FrameKind.SECTIONS) {
            if (f != null && f.kind != FrameKind.UNIT && frames.openInUnit(FrameKind.SECTIONS)) {
                diagnostics.error(line.at(), "'" + d.shown() + "' while '" + f.shown + "' (line " + f.at.line()
                        + ") is still open");
            } else if (!frames.rejectedDirective()) {
                diagnostics.error(line.at(), "'" + d.shown() + "' outside "
                        + (d.family() == LogicalLine.Sentinel.OMP ? "'sections' or 'parallel sections'" : "'parallel sections'"));
            }
            return;
        }
        FrameConstructs.finishSection(f, line.at().line() - 1);
        f.explicitSection = true;
        f.sectionAt = line.at();
        f.sectionAttached = units.takeForConstruct();
    }
}
