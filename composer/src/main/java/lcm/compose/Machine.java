package lcm.compose;

import lcm.algebra.Alg;
import lcm.expr.Expr;

import java.nio.file.Path;
import java.util.Map;

/**
 * Machine parameters for data transfers (docs/design.md#machines): a transfer of B bytes to a fragment on R
 * processors costs CL = latency + B/bandwidth and RC = rc(readers = R, bytes = B).
 */
public record Machine(Path file, Expr latency, Expr bandwidth, Expr rc) {

    public static final String READERS = "readers";
    public static final String BYTES = "bytes";

    public Expr communicationLoss(Expr bytes) {
        return Alg.add(latency, Alg.div(bytes, bandwidth));
    }

    public Expr resourceContention(Expr readers, Expr bytes) {
        return Alg.substitute(rc, Map.of(READERS, readers, BYTES, bytes));
    }
}
