package lcm.frontend;

import lcm.annotation.Annotation;
import lcm.dag.Scheduling;
import lcm.expr.Expr;
import lcm.structure.Construct;

import java.util.Optional;

/**
 * Which execution model a parallel construct gets from the runtime that runs it
 * (docs/composition.md, "Execution models"): Java's pools for the constructs that submit to
 * one, a static team for everything else (OpenMP and KSR directives, {@code @lcm} sections and
 * tiles, a fixed executor of k threads, one task per thread, Java threads).
 *
 * <p>The Java rules are JDK 17's: {@code CompletableFuture.runAsync/supplyAsync} without an
 * executor, parallel streams, {@code Arrays.parallelSetAll} and {@code ForkJoinPool.invoke} run in
 * a fork/join pool, the common pool unless the code names a {@code ForkJoinPool} of k workers.
 */
final class ExecutionModels {

    private ExecutionModels() {
    }

    /**
     * The scheduling of {@code c}, empty for a static team (the default) or a construct that is
     * not parallel. A {@code pool:} annotation before the construct decides over the code.
     */
    static Optional<Scheduling> of(Construct c) {
        Optional<Annotation.Pool> written = c.attached().pool();
        if (written.isEmpty() && c instanceof Construct.Sections s) {
            // before the statement that starts the first task: the Java front end attaches it to that task
            written = s.sections().stream().map(x -> x.attached().pool()).flatMap(Optional::stream).findFirst();
        }
        if (written.isPresent()) {
            String where = "'pool: " + (written.get().shared() ? "shared" : "team") + "' at " + written.get().at();
            if (!written.get().shared()) {
                return Optional.of(new Scheduling(Scheduling.Kind.TEAM, "static team", Optional.empty(), where));
            }
            boolean java = c.span().start().file().toString().endsWith(".java");
            // outside Java the pool is the team's own p threads (OpenMP tasks), the caller among them
            return Optional.of(java ? Scheduling.commonPool(where)
                    : new Scheduling(Scheduling.Kind.POOL, "the team's threads", Optional.of(new Expr.Var("p")), where));
        }
        return fromCode(c);
    }

    private static Optional<Scheduling> fromCode(Construct c) {
        if (!c.span().start().file().toString().endsWith(".java")) {
            return Optional.empty();
        }
        if (c instanceof Construct.Sections s) {
            if (s.directive().startsWith("CompletableFuture.") && s.threads().isEmpty()) {
                return Optional.of(Scheduling.commonPool(
                        s.directive() + " without an executor runs its tasks in ForkJoinPool.commonPool()"));
            }
            if (s.directive().startsWith("ForkJoinPool.")) {
                return Optional.of(new Scheduling(Scheduling.Kind.POOL, s.threads().isPresent() ? "ForkJoinPool"
                        : "Java common pool", s.threads(), s.directive() + " runs its tasks in a fork/join pool"));
            }
            return Optional.empty();
        }
        if (c instanceof Construct.ParallelLoop l) {
            String d = l.directive();
            if (d.startsWith("ExecutorService.") || d.startsWith("loop of ExecutorService.") || d.contains("Thread")
                    || d.startsWith("@lcm") || d.equals("loop of tasks")) {
                return Optional.empty();
            }
            if (d.startsWith("ForkJoinPool.")) {
                return Optional.of(new Scheduling(Scheduling.Kind.POOL, l.threads().isPresent() ? "ForkJoinPool"
                        : "Java common pool", l.threads(), d + " runs its tasks in a fork/join pool"));
            }
            if (d.startsWith("loop of CompletableFuture.")) {
                return l.threads().isPresent() ? Optional.empty() : Optional.of(Scheduling.commonPool(
                        d + " without an executor runs its tasks in "
                        + "ForkJoinPool.commonPool()"));
            }
            return Optional.of(Scheduling.commonPool(
                    "a parallel stream (" + abbreviated(d) + ") runs in ForkJoinPool.commonPool(); the calling thread "
                    + "takes part"));
        }
        return Optional.empty();
    }

    private static String abbreviated(String s) {
        return s.length() <= 60 ? s : s.substring(0, 57) + "...";
    }
}
