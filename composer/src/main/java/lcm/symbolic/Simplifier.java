package lcm.symbolic;

import lcm.expr.Expr;
import org.matheclipse.core.eval.EvalEngine;
import org.matheclipse.core.eval.ExprEvaluator;
import org.matheclipse.core.expression.F;
import org.matheclipse.core.interfaces.IExpr;

import java.util.ArrayList;
import java.io.OutputStream;
import java.io.PrintStream;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * Symbolic simplification with Symja under a time limit (docs/reliability.md#symbolic-time-limits).
 * Symja runs on a daemon worker thread with its own quiet engine; a step that overruns its
 * limit is stopped and the best result so far is kept: Symja's canonical form (like terms
 * combined), then {@code Simplify} when it finishes in time and reads shorter. Any failure falls
 * back to the expression as composed.
 *
 * <p>A step that does not stop when asked (a big-number power such as {@code 2^999999999} is one
 * long computation Symja does not interrupt) is abandoned with its thread, and the next step
 * gets a fresh worker and engine: one model's stalled step never eats the time of another's.
 * While {@value #MAX_ABANDONED} abandoned steps still run, further symbolic steps are skipped
 * (their expressions are kept as composed) rather than compete with them for the processors.
 */
public final class Simplifier {

    /** Abandoned steps still running beyond which symbolic work is skipped. */
    static final int MAX_ABANDONED = 2;
    /** How long a step that overran may take to honour the stop request before it is abandoned. */
    private static final long GRACE_MILLIS = 200;

    /** One worker thread and its engine. */
    private static final class Worker {
        final Thread[] thread = new Thread[1];
        final ExecutorService executor = Executors.newSingleThreadExecutor(r -> {
            Thread t = new Thread(r, "lcm-symja");
            t.setDaemon(true);
            thread[0] = t;
            return t;
        });
        volatile EvalEngine engine;
    }

    private static volatile Worker worker = new Worker();
    private static final List<Thread> ABANDONED = new ArrayList<>();
    private static final ThreadLocal<EvalEngine> ENGINE = ThreadLocal.withInitial(Simplifier::newEngine);

    private final SymjaBridge bridge;
    private final Duration limit;

    public Simplifier(List<String> variables, Duration limit) {
        this.bridge = new SymjaBridge(variables);
        this.limit = limit;
    }

    public SymjaBridge bridge() {
        return bridge;
    }

    /** Runs {@code task} on the Symja thread within {@code timeout}; null if it fails, overruns or is skipped. */
    public static <T> T run(Callable<T> task, Duration timeout) {
        if (stillRunning() >= MAX_ABANDONED) {
            return null;
        }
        Worker w = worker;
        Future<T> f;
        try {
            f = w.executor.submit(() -> {
                EvalEngine eng = engine();
                w.engine = eng;
                eng.setStopRequested(false);
                return task.call();
            });
        } catch (java.util.concurrent.RejectedExecutionException abandonedMeanwhile) {
            return null;
        }
        try {
            return f.get(Math.max(1, timeout.toMillis()), TimeUnit.MILLISECONDS);
        } catch (TimeoutException overrun) {
            EvalEngine eng = w.engine;
            if (eng != null) {
                eng.stopRequest();
            }
            f.cancel(true);
            awaitOrAbandon(w, f);
            return null;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return null;
        } catch (ExecutionException | RuntimeException failed) {
            return null;
        }
    }

    /** Waits briefly for a stopped step to end; one that goes on takes its worker with it. */
    private static void awaitOrAbandon(Worker w, Future<?> f) {
        // a cancelled future reports done at once: probe the worker with an empty task instead
        Future<?> probe;
        try {
            probe = w.executor.submit(() -> { });
        } catch (java.util.concurrent.RejectedExecutionException gone) {
            return;
        }
        try {
            probe.get(GRACE_MILLIS, TimeUnit.MILLISECONDS);
            return; // the step stopped: keep the worker and its engine
        } catch (TimeoutException | ExecutionException stillBusy) {
            // abandoned below
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        synchronized (ABANDONED) {
            if (worker == w) {
                worker = new Worker();
                w.executor.shutdownNow();
                if (w.thread[0] != null) {
                    ABANDONED.add(w.thread[0]);
                }
            }
        }
    }

    /** Abandoned steps whose threads still run. */
    static int stillRunning() {
        synchronized (ABANDONED) {
            ABANDONED.removeIf(t -> !t.isAlive());
            return ABANDONED.size();
        }
    }

    /** The engine of the calling Symja thread (created on its first use: about a second for the first). */
    static EvalEngine engine() {
        EvalEngine e = ENGINE.get();
        EvalEngine.set(e);
        return e;
    }

    private static EvalEngine newEngine() {
        EvalEngine e = new ExprEvaluator(false, (short) 100).getEvalEngine();
        PrintStream nowhere = new PrintStream(OutputStream.nullOutputStream());
        e.setOutPrintStream(nowhere);
        e.setErrorPrintStream(nowhere);
        e.setQuietMode(true);
        return e;
    }

    /** Starts Symja in the background so that its start-up overlaps other work. */
    public static void warmUp() {
        try {
            worker.executor.submit(Simplifier::engine);
        } catch (java.util.concurrent.RejectedExecutionException abandonedMeanwhile) {
            // the next step starts the new worker's engine
        }
    }

    /** Symja's numeric value of an expression without variables (N[...]); runs on the Symja thread. */
    public static double numeric(IExpr e) {
        return engine().evalN(e).evalf();
    }

    /**
     * Simplifies several expressions within this simplifier's time limit in total: each gets an
     * equal share of what is left when its turn comes.
     */
    public List<Expr> simplifyAll(List<Expr> es) {
        long deadline = System.nanoTime() + limit.toNanos();
        List<Expr> out = new ArrayList<>(es.size());
        for (int i = 0; i < es.size(); i++) {
            long left = Math.max(0, deadline - System.nanoTime());
            Duration share = Duration.ofNanos(left / (es.size() - i));
            out.add(simplify(es.get(i), share));
        }
        return out;
    }

    public Expr simplify(Expr e) {
        return simplify(e, limit);
    }

    private Expr simplify(Expr e, Duration share) {
        if (e instanceof Expr.Num || e instanceof Expr.Var) {
            return e;
        }
        // Symja's canonical form is usually quick; it gets the share, at least half a second
        Duration canonicalLimit = share.compareTo(Duration.ofMillis(500)) < 0 ? Duration.ofMillis(500) : share;
        IExpr canonical = run(() -> engine().evaluate(bridge.toSymja(e)), canonicalLimit);
        if (canonical == null) {
            return e;
        }
        Expr best = readBack(canonical, e);
        if (share.toMillis() < 20) {
            return shorter(best, e);
        }
        IExpr simplified = run(() -> engine().evaluate(F.Simplify(canonical)), share);
        if (simplified != null) {
            Expr s = readBack(simplified, best);
            if (s.text().length() < best.text().length()) {
                best = s;
            }
        }
        return shorter(best, e);
    }

    /** Symja's form only when it reads shorter than lcm's own normal form. */
    private static Expr shorter(Expr symja, Expr own) {
        return symja.text().length() <= own.text().length() ? symja : own;
    }

    /** Symja's canonical form only (no Simplify): cheap, combines like terms. */
    public Expr canonical(Expr e) {
        IExpr c = run(() -> engine().evaluate(bridge.toSymja(e)), limit.isZero() ? Duration.ofSeconds(5) : limit);
        return c == null ? e : readBack(c, e);
    }

    private Expr readBack(IExpr x, Expr fallback) {
        try {
            return bridge.fromSymja(x);
        } catch (RuntimeException | StackOverflowError unreadable) {
            return fallback;
        }
    }
}
