package lcm.trace;

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
public record Machine(Path file, Optional<Located> send, Optional<Located> receive) {

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
        double v = lcm.expr.Evaluator.eval(f.expr(), Map.of("b", bytes));
        if (!(v >= 0) || Double.isInfinite(v)) {
            throw UserError.at(f.at(), what + "(b) = " + f.expr().text() + " is " + NumberText.text(v) + " at b = "
                    + NumberText.text(bytes) + ": a time must be a finite number >= 0");
        }
        return v;
    }

    private UserError missing(String key, String fn, String needed) {
        return UserError.at(SourceLocation.of(file, 1, 1),
                "no '" + key + " = " + fn + "' line: the transformation of " + needed + " needs it");
    }
}
