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
 * Symbolic simplification with Symja under a time limit (docs/design.md#rules-for-every-command). Symja runs on one daemon
 * worker thread with its own quiet engine; a step that overruns its limit is stopped and the
 * best result so far is kept: Symja's canonical form (like terms combined), then
 * {@code Simplify} when it finishes in time and reads shorter. Any failure falls back to the
 * expression as composed.
 */
public final class Simplifier {

    private static final ExecutorService WORKER = Executors.newSingleThreadExecutor(r -> {
        Thread t = new Thread(r, "lcm-symja");
        t.setDaemon(true);
        return t;
    });
    private static volatile EvalEngine engine;

    private final SymjaBridge bridge;
    private final Duration limit;

    public Simplifier(List<String> variables, Duration limit) {
        this.bridge = new SymjaBridge(variables);
        this.limit = limit;
    }

    public SymjaBridge bridge() {
        return bridge;
    }

    /** Runs {@code task} on the Symja thread within {@code timeout}; null if it fails or overruns. */
    public static <T> T run(Callable<T> task, Duration timeout) {
        Future<T> f = WORKER.submit(() -> {
            EvalEngine eng = engine();
            eng.setStopRequested(false);
            return task.call();
        });
        try {
            return f.get(Math.max(1, timeout.toMillis()), TimeUnit.MILLISECONDS);
        } catch (TimeoutException overrun) {
            EvalEngine eng = engine;
            if (eng != null) {
                eng.stopRequest();
            }
            f.cancel(true);
            return null;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return null;
        } catch (ExecutionException | RuntimeException failed) {
            return null;
        }
    }

    /** The engine of the Symja thread (created on first use: about a second). */
    static EvalEngine engine() {
        if (engine == null) {
            EvalEngine e = new ExprEvaluator(false, (short) 100).getEvalEngine();
            PrintStream nowhere = new PrintStream(OutputStream.nullOutputStream());
            e.setOutPrintStream(nowhere);
            e.setErrorPrintStream(nowhere);
            e.setQuietMode(true);
            engine = e;
        }
        EvalEngine.set(engine);
        return engine;
    }

    /** Starts Symja in the background so that its start-up overlaps other work. */
    public static void warmUp() {
        WORKER.submit(Simplifier::engine);
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
