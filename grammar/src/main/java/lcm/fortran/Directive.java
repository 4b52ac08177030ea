package lcm.fortran;

import lcm.expr.Expr;

import java.util.Map;
import java.util.Optional;

/**
 * A recognized parallel-construct directive.
 *
 * @param family  KSR or OpenMP (or LCM for the structure annotations of docs/annotations.md)
 * @param name    the directive's name in lower case, single-spaced: "parallel do", "end tile"
 * @param meaning what it does to the structure
 * @param clauses clause name → argument text ("private" → "i, j"); flags map to ""
 * @param index   the loop index of a KSR tile ("" otherwise)
 */
public record Directive(LogicalLine.Sentinel family, String name, Meaning meaning, Map<String, String> clauses,
                        String index, LogicalLine line) {

    public enum Meaning {
        LOOP,            // parallel loop on the next DO (!$omp parallel do, !$omp do)
        TILE_OPEN, TILE_CLOSE,
        SECTIONS_OPEN, SECTION, SECTIONS_CLOSE,
        REGION_OPEN, REGION_CLOSE,
        ONE_OPEN, ONE_CLOSE,         // single, master
        BLOCK_OPEN, BLOCK_CLOSE,     // critical, ordered, target, ...: a serial block
        TASK_OPEN, TASK_CLOSE, TASKWAIT,
        LOOP_CLOSE,      // end parallel do, end do
        BARRIER,
        IGNORED          // atomic, flush, threadprivate, simd, ...
    }

    public Directive {
        clauses = Map.copyOf(clauses);
    }

    /** "!$omp parallel do" or "c*ksr* tile" for messages. */
    public String shown() {
        return switch (family) {
            case KSR -> "c*ksr* " + name;
            case OMP -> "!$omp " + name;
            case HPF -> "!hpf$ " + name;
            default -> name;
        };
    }

    /** The number of threads a {@code num_threads(...)} or KSR {@code numthreads=} clause asks for. */
    public Optional<Expr> threads() {
        String t = clauses.getOrDefault("num_threads", clauses.getOrDefault("numthreads", ""));
        return t.isEmpty() ? Optional.empty() : FortranExpressions.expression(t);
    }
}
