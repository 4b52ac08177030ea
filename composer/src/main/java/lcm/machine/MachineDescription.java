package lcm.machine;

import lcm.algebra.Alg;
import lcm.expr.Evaluator;
import lcm.expr.Expr;
import lcm.expr.NumberText;
import lcm.source.SourceLocation;
import lcm.source.UserError;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A machine description as read from a {@code .machine} file: the keys it gives, each an
 * expression with the place it was written, and what the stages compute from them. Composition
 * takes the cost of a data transfer ({@link #communicationLoss}, {@link #resourceContention});
 * trace transformation the time to send and receive a message ({@link #sendTime},
 * {@link #receiveTime}) and the relative compute time ({@link #computeTime}). A stage checks the
 * keys it needs with {@link #require}, which names the command and the missing keys.
 */
public record MachineDescription(Path file, Map<MachineKey, Entry> entries) {

    /** One {@code key = expression} line. */
    public record Entry(Expr expr, SourceLocation at) {
    }

    public MachineDescription {
        entries = entries.isEmpty() ? Map.of() : new EnumMap<>(entries);
    }

    public Optional<Entry> get(MachineKey key) {
        return Optional.ofNullable(entries.get(key));
    }

    /**
     * Checks that the keys {@code needed} are all given; else an error at the file's first line
     * naming {@code command}, the keys it needs, the missing ones, and what the file has.
     */
    public MachineDescription require(String command, MachineKey... needed) {
        List<String> missing = new ArrayList<>();
        List<String> all = new ArrayList<>();
        for (MachineKey k : needed) {
            all.add(k.word());
            if (!entries.containsKey(k)) {
                missing.add(k.word() + " (" + k.meaning() + ")");
            }
        }
        if (!missing.isEmpty()) {
            List<String> has = entries.keySet().stream().map(MachineKey::word).toList();
            throw UserError.at(SourceLocation.of(file, 1, 1), command + " needs " + String.join(", ", all)
                    + " in a machine description; missing: " + String.join("; ", missing)
                    + (has.isEmpty() ? "" : " (this file gives " + String.join(", ", has) + ")"));
        }
        return this;
    }

    /** The expression of a key that {@link #require} has checked. */
    public Expr expr(MachineKey key) {
        return entries.get(key).expr();
    }

    /** Variables of {@code rc}: the processors reading a transfer and its size in bytes. */
    public static final String READERS = "readers";
    public static final String BYTES = "bytes";

    /** CL of a transfer of {@code bytes}: latency + bytes / bandwidth (both keys {@link #require}d). */
    public Expr communicationLoss(Expr bytes) {
        return Alg.add(expr(MachineKey.LATENCY), Alg.div(bytes, expr(MachineKey.BANDWIDTH)));
    }

    /** RC of a transfer: {@code rc} at readers = {@code readers}, bytes = {@code bytes}. */
    public Expr resourceContention(Expr readers, Expr bytes) {
        return Alg.substitute(expr(MachineKey.RC), Map.of(READERS, readers, BYTES, bytes));
    }

    /** f(b): seconds to send b bytes; without {@code send}, an error naming what needs it. */
    public double sendTime(double bytes) {
        return time(MachineKey.SEND, "f(b)", "sends", bytes);
    }

    /** g(b): seconds to receive b bytes; without {@code receive}, an error naming what needs it. */
    public double receiveTime(double bytes) {
        return time(MachineKey.RECEIVE, "g(b)", "receives", bytes);
    }

    /** The machine's relative compute time, if the description gives one. */
    public Optional<Double> computeTime() {
        return get(MachineKey.COMPUTE).map(c -> evaluate(c, "compute", 0));
    }

    private double time(MachineKey key, String fn, String needed, double bytes) {
        Entry e = get(key).orElseThrow(() -> UserError.at(SourceLocation.of(file, 1, 1),
                "lcm critical-path --from/--to needs send and receive in a machine description; missing: " + key.word()
                        + " (seconds to " + key.word() + " a message of b bytes, " + fn + "), which the transformation of "
                        + needed + " uses"));
        return evaluate(e, key.word(), bytes);
    }

    private static double evaluate(Entry e, String what, double bytes) {
        double v = Evaluator.eval(e.expr(), Map.of("b", bytes));
        if (!(v >= 0) || Double.isInfinite(v)) {
            throw UserError.at(e.at(), what + "(b) = " + e.expr().text() + " is " + NumberText.text(v) + " at b = "
                    + NumberText.text(bytes) + ": a time must be a finite number >= 0");
        }
        return v;
    }
}
