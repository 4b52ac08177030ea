package lcm.fortran;

import lcm.expr.Expr;
import lcm.source.Diagnostics;
import lcm.source.SourceSpan;
import lcm.structure.Attached;
import lcm.structure.Construct;

import java.util.List;
import java.util.Optional;

/** Turns a closed {@link Frame} into its {@link Construct}: loops, KSR tiles, sections, tasks. */
final class FrameConstructs {

    private FrameConstructs() {
    }

    static Construct loop(Frame f, SourceSpan span, Diagnostics diagnostics) {
        flushTasks(f);
        Optional<Expr> trips = f.bounds.isEmpty() ? Optional.empty() : TripCount.of(f.bounds);
        String boundsText = String.join(", ", f.bounds);
        if (f.loopDirective != null) {
            Directive d = f.loopDirective;
            // the construct starts at its directive, as a KSR tile region does
            SourceSpan from = new SourceSpan(d.line().at(), Math.max(d.line().at().line(), span.endLine()));
            String variable = f.variable;
            List<Construct> body = f.body;
            int collapse = collapse(d, diagnostics);
            // collapse(k): the k loops form one iteration space, the product of their trip counts
            for (int level = 1; level < collapse; level++) {
                if (body.size() != 1 || !(body.get(0) instanceof Construct.Loop inner)) {
                    diagnostics.warning(d.line().at(), "'" + d.shown() + "' collapses " + collapse
                            + " loops but only " + level + " are nested directly; the parallel loop is the outer "
                            + level);
                    break;
                }
                variable = variable + "," + inner.variable();
                trips = trips.isPresent() && inner.trips().isPresent()
                        ? Optional.of(Expr.mul(trips.get(), inner.trips().get())) : Optional.empty();
                boundsText = boundsText + "; " + inner.boundsText();
                body = inner.body();
            }
            return new Construct.ParallelLoop(from, f.loopAttached.plus(f.attached.annotations()), variable, trips,
                    boundsText, d.shown(), d.clauses(), d.threads(), body);
        }
        return new Construct.Loop(span, f.attached, f.variable, trips, boundsText, f.body);
    }

    private static int collapse(Directive d, Diagnostics diagnostics) {
        String k = d.clauses().get("collapse");
        if (k == null) {
            return 1;
        }
        if (!k.strip().matches("[1-9]\\d{0,2}")) {
            diagnostics.warning(d.line().at(), "collapse(" + k + ") is not a number lcm reads; only the outer loop is parallel");
            return 1;
        }
        return Integer.parseInt(k.strip());
    }

    /** A KSR tile region: the parallel loop is the DO loop it holds. */
    static Construct tile(Frame f, SourceSpan span, Diagnostics diagnostics) {
        flushTasks(f);
        Directive d = f.directive;
        if (f.body.size() == 1 && f.body.get(0) instanceof Construct.Loop loop) {
            return new Construct.ParallelLoop(span, f.attached.plus(loop.attached().annotations()), loop.variable(),
                    loop.trips(), loop.boundsText(), d.shown(), d.clauses(), d.threads(), loop.body());
        }
        for (Construct c : f.body) {
            if (c instanceof Construct.Loop loop && loop.variable().equals(d.index())) {
                diagnostics.warning(f.at, "'" + d.shown() + "' holds more than its do loop; the whole region is one parallel loop");
                return new Construct.ParallelLoop(span, f.attached, d.index(), loop.trips(), loop.boundsText(),
                        d.shown(), d.clauses(), d.threads(), f.body);
            }
        }
        diagnostics.warning(f.at, "'" + d.shown() + "' holds no do loop over '" + d.index() + "'; its trip count is unknown");
        return new Construct.ParallelLoop(span, f.attached, d.index(), Optional.empty(), "", d.shown(), d.clauses(),
                d.threads(), f.body);
    }

    /** Tasks created since the last wait become one parallel node, where the first task was. */
    static void flushTasks(Frame f) {
        if (f == null || f.tasks.isEmpty()) {
            return;
        }
        int last = f.tasks.get(f.tasks.size() - 1).span().endLine();
        Construct.Sections group = new Construct.Sections(new SourceSpan(f.tasksLocation, last), Attached.NONE,
                "!$omp task", List.copyOf(f.tasks));
        f.body.add(Math.min(f.tasksAt, f.body.size()), group);
        f.tasks.clear();
        f.tasksAt = -1;
    }

    /** Ends the section being filled, if it has anything in it (or was opened explicitly). */
    static void finishSection(Frame f, int endLine) {
        flushTasks(f);
        f.finishSection(endLine);
    }

    static String openerWord(FrameKind kind, String closer) {
        String c = closer.startsWith("!$omp ") ? closer.substring(6) : closer.startsWith("c*ksr* ") ? closer.substring(7) : closer;
        if (c.startsWith("end ")) {
            return c.substring(4);
        }
        if (c.startsWith("end")) {
            return c.substring(3);
        }
        return kind.opener;
    }

    /**
     * The message for a block that was never closed: {@code unclosed 'do' (no 'end do' before
     * the end of subroutine s)}; a labelled DO waits for its label, not for a closing word.
     */
    static String unclosed(Frame f, String before) {
        if (f.kind == FrameKind.DO && !f.label.isEmpty()) {
            return "unclosed 'do " + f.label + "' (no statement labelled " + f.label + " before " + before + ")";
        }
        return "unclosed '" + f.shown + "' (no '" + closerOf(f) + "' before " + before + ")";
    }

    private static String closerOf(Frame f) {
        if (f.directive != null) {
            String name = f.directive.name();
            return f.directive.family() == LogicalLine.Sentinel.KSR && name.equals("tile") ? "end tile" : "end " + name;
        }
        return f.kind.closer;
    }
}
