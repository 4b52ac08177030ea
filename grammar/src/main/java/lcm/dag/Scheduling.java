package lcm.dag;

import lcm.expr.Expr;

import java.util.Optional;

/**
 * How the runtime schedules a parallel construct (docs/composition.md, "Execution models"): a
 * static team, whose threads each take a fixed share of the construct (OpenMP and KSR teams,
 * sections, a fixed executor of k threads with one task per thread, Java threads), or a pool,
 * whose workers serve whatever work is ready (the Java common pool and {@code ForkJoinPool}:
 * {@code CompletableFuture.*Async}, parallel streams, fork/join tasks). A team composes by the
 * structural rules; tasks that run in a pool compose by running the pool's schedule.
 *
 * @param kind    team or pool
 * @param runtime the runtime that schedules it, as a person names it ("Java common pool")
 * @param workers a pool's fixed number of workers where the code gives one ({@code new
 *                ForkJoinPool(k)}); empty for the common pool (its size follows p) and for teams
 * @param why     the construct that decides it, and, for an annotation, where it is written
 */
public record Scheduling(Kind kind, String runtime, Optional<Expr> workers, String why) {

    /** The two execution models. */
    public enum Kind {
        TEAM, POOL;

        /** The word {@code lcm dag} prints and the annotation {@code pool:} takes. */
        public String word() {
            return this == TEAM ? "team" : "shared";
        }
    }

    /** What every construct gets that names no runtime of its own: a static team. */
    public static final Scheduling TEAM = new Scheduling(Kind.TEAM, "static team", Optional.empty(),
            "a team of threads, each with its share of the construct");

    /** The Java common pool ({@code ForkJoinPool.commonPool()}), decided by {@code why}. */
    public static Scheduling commonPool(String why) {
        return new Scheduling(Kind.POOL, "Java common pool", Optional.empty(), why);
    }

    public Scheduling {
        workers = workers == null ? Optional.empty() : workers;
        if (kind == Kind.TEAM && workers.isPresent()) {
            throw new IllegalArgumentException("a team has no pool workers");
        }
    }

    public boolean isPool() {
        return kind == Kind.POOL;
    }

    /** Whether this is the Java common pool, whose parallelism is p - 1 (at least 1). */
    public boolean commonPool() {
        return isPool() && workers.isEmpty();
    }

    /** One line for {@code lcm dag} and {@code compose --explain}: {@code pool (Java common pool): why}. */
    public String describe() {
        return (isPool() ? "pool" : "team") + " (" + runtime + workers.map(w -> " of " + w.text() + " workers").orElse("")
                + "): " + why;
    }
}
