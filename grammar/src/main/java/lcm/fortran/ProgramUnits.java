package lcm.fortran;

import lcm.annotation.Annotation;
import lcm.source.Diagnostics;
import lcm.source.SourceSpan;
import lcm.structure.AttachRule;
import lcm.structure.Attached;
import lcm.structure.Routine;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;

/**
 * The program units of one Fortran file as the block builder meets them: a unit opens at its
 * statement (or implicitly, at the first executable line of a main program without one), holds
 * the annotations written before its statement for its first construct, and becomes a
 * {@link Routine} at its {@code end}. A unit left open is reported where the next one starts or
 * where the file ends.
 */
final class ProgramUnits {

    private final Deque<OpenUnit> units = new ArrayDeque<>();
    private final List<Routine> routines = new ArrayList<>();
    /** Annotations written before a unit statement (or between internal units): the next unit's. */
    private final List<Annotation> waiting = new ArrayList<>();
    private final FrameStack frames;
    private final Diagnostics diagnostics;
    private final AttachRule rule;
    /** The open unit is a main program that had no 'program' statement. */
    private boolean implicitMain;

    ProgramUnits(FrameStack frames, Diagnostics diagnostics, AttachRule rule) {
        this.frames = frames;
        this.diagnostics = diagnostics;
        this.rule = rule;
    }

    List<Routine> routines() {
        return routines;
    }

    /** The innermost open unit, or null. */
    OpenUnit peek() {
        return units.peek();
    }

    boolean isEmpty() {
        return units.isEmpty();
    }

    /** Whether an annotation read now waits for the next unit (none is open, or between internal units). */
    boolean betweenUnits() {
        return units.isEmpty() || (units.peek().contained && frames.peek() == units.peek().root);
    }

    /** An annotation written before the next unit's statement. */
    void hold(Annotation a) {
        waiting.add(a);
    }

    /** Annotations written before the unit statement wait, inside the unit, for its first construct. */
    void passOnWaiting() {
        if (!waiting.isEmpty() && !units.isEmpty()) {
            rule.passOn(waiting);
            waiting.clear();
        }
    }

    /** The annotations that attach to the construct read now (the unit's waiting ones first). */
    Attached takeForConstruct() {
        passOnWaiting();
        return rule.take();
    }

    /** A unit statement: the unit still open (unless it hosts this one) is reported and closed. */
    void open(String name, Routine.Kind kind, LogicalLine line) {
        OpenUnit host = units.peek();
        if (host != null && !host.contained) {
            if (!(host.kind == Routine.Kind.PROGRAM && host.name.equals("main") && implicitMain)) {
                diagnostics.error(host.at, "missing 'end' for " + word(host) + " " + host.name
                        + " (a new unit starts at line " + line.at().line() + ")");
            }
            close(line, line.lastLine());
        }
        // annotations written before the unit statement belong to the routine
        Attached attached = new Attached(waiting);
        waiting.clear();
        units.push(new OpenUnit(name, kind, line.at(), attached));
        frames.push(units.peek().root);
        implicitMain = false;
    }

    /** The open unit; a line before any unit statement opens the implicit main program. */
    OpenUnit ensure(LogicalLine line) {
        OpenUnit u = units.peek();
        if (u == null) {
            units.push(new OpenUnit("main", Routine.Kind.PROGRAM, line.at(), Attached.NONE));
            frames.push(units.peek().root);
            implicitMain = true;
            return units.peek();
        }
        if (u.contained) {
            diagnostics.error(line.at(), "statement after 'contains' outside any internal procedure");
        }
        return u;
    }

    /** An {@code end} statement. */
    void end(LogicalLine line) {
        rule.nothingToAttach(units.isEmpty() ? "'end' at line " + line.at().line() : "the end of " + describe(units.peek()));
        if (units.isEmpty()) {
            diagnostics.error(line.at(), "'end' without a program unit");
            return;
        }
        close(line, line.lastLine());
    }

    /** A {@code contains} statement: the blocks still open in the unit end here. */
    void contains(LogicalLine line) {
        OpenUnit u = ensure(line);
        frames.closeAbove(u.root, "'contains'");
        u.contained = true;
    }

    /** The end of the file at {@code lastLine}: every unit still open is closed (reported unless implicit). */
    void finish(int lastLine) {
        AttachRule.nothingToAttach(diagnostics, waiting, "the end of the file");
        waiting.clear();
        while (!units.isEmpty()) {
            OpenUnit u = units.peek();
            if (!(u.kind == Routine.Kind.PROGRAM && u.name.equals("main") && implicitMain)) {
                diagnostics.error(u.at, "missing 'end' for " + word(u) + " " + u.name);
            }
            close(null, lastLine);
        }
    }

    /** "subroutine solve", as messages name a unit. */
    static String describe(OpenUnit u) {
        return word(u) + " " + u.name;
    }

    private void close(LogicalLine line, int end) {
        OpenUnit u = units.peek();
        frames.closeAbove(u.root, line != null ? "the end of " + describe(u) : "the end of the file");
        FrameConstructs.flushTasks(u.root);
        units.pop();
        frames.unitClosed();
        frames.pop();
        if (u.kind != null) {
            routines.add(new Routine(u.name, u.kind, new SourceSpan(u.at, Math.max(u.at.line(), end)), u.attached,
                    u.root.body, u.declarations, u.parameters));
        }
    }

    private static String word(OpenUnit u) {
        if (u.kind == null) {
            return "module";
        }
        return switch (u.kind) {
            case PROGRAM -> "program";
            case SUBROUTINE -> "subroutine";
            case FUNCTION -> "function";
            case METHOD -> "method";
        };
    }
}
