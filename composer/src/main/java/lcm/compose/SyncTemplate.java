package lcm.compose;

import lcm.annotation.Annotation;
import lcm.expr.Expr;
import lcm.source.SourceLocation;

import java.util.List;

/**
 * What one task of a synchronized parallel node does, before loops are unrolled: the form
 * the composer keeps until a point gives the trip counts (docs/composition.md#5-synchronization).
 */
public sealed interface SyncTemplate {

    /** Work with no synchronization inside: a composed node's time. */
    record Work(Expr seconds, String label) implements SyncTemplate {
    }

    /** A {@code sync:} event; its index may use the variables of the loops around it. */
    record Event(Annotation.Sync sync, SourceLocation at) implements SyncTemplate {
    }

    /** A serial loop: its body {@code trips} times, with {@code variable} = 1, 2, ... */
    record Repeat(Expr trips, String variable, List<SyncTemplate> body) implements SyncTemplate {
        public Repeat {
            body = List.copyOf(body);
        }
    }

    /** One task: its name, its processors and what it does. */
    record Task(String name, Expr processors, Expr closedFormTime, List<SyncTemplate> body) {
        public Task {
            body = List.copyOf(body);
        }
    }
}
