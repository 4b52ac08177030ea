package lcm.trace;

import lcm.expr.Evaluator;
import lcm.expr.NumberText;
import lcm.expr.Expr;
import lcm.source.SourceLocation;
import lcm.source.UserError;

import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;

/**
 * A machine's communication characterization (Mendes 4.1): the time to send, f(b), and to
 * receive, g(b), a message of b bytes, each an annotation-language expression in {@code b}
 * with the location of its line.
 */
public record Machine(Path file, Optional<Located> send, Optional<Located> receive, Optional<Located> compute) {

    public Machine(Path file, Optional<Located> send, Optional<Located> receive) {
        this(file, send, receive, Optional.empty());
    }

    /** The machine's relative compute time, if its description gives one. */
    public Optional<Double> computeTime() {
        return compute.map(c -> evaluate(c, "compute", 0));
    }

    /** An expression and where it was written. */
    public record Located(Expr expr, SourceLocation at) {
    }

    /** f(b): seconds to send b bytes. */
    public double sendTime(double bytes) {
        return evaluate(send.orElseThrow(() -> missing("send", "f(b)", "sends")), "send", bytes);
    }

    /** g(b): seconds to receive b bytes. */
    public double receiveTime(double bytes) {
        return evaluate(receive.orElseThrow(() -> missing("receive", "g(b)", "receives")), "receive", bytes);
    }

    private double evaluate(Located f, String what, double bytes) {
        double v = Evaluator.eval(f.expr(), Map.of("b", bytes));
        if (!(v >= 0) || Double.isInfinite(v)) {
            throw UserError.at(f.at(), what + "(b) = " + f.expr().text() + " is " + NumberText.text(v) + " at b = "
                    + NumberText.text(bytes) + ": a time must be a finite number >= 0");
        }
        return v;
    }

    private UserError missing(String key, String fn, String needed) {
        return UserError.at(SourceLocation.of(file, 1, 1), "lcm critical-path --from/--to needs send and receive in a"
                + " machine description; missing: " + key + " (seconds to " + (key.equals("send") ? "send" : "receive")
                + " a message of b bytes, " + fn + "), which the transformation of " + needed + " uses");
    }
}
