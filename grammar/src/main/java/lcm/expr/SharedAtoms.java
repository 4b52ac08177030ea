package lcm.expr;

import java.math.BigDecimal;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The numbers and variables every expression shares: small integers and the names a program
 * uses. A composition of 10^5 fragments multiplies trip and task counts into 700,000 integer
 * nodes of some twenty values, and its annotations name the same few variables 280,000 times;
 * shared, they cost nothing. Atoms are immutable, so sharing them changes no result.
 */
final class SharedAtoms {

    static final int SMALLEST = -128;
    static final int LARGEST = 4096;
    /** Distinct variable names kept; past these a name gets its own atom (a generated file could hold any number). */
    private static final int MAX_NAMES = 4096;

    /** Each made when first asked for (a short command needs a few of them, not 4,225 at its start). */
    private static final Expr.Num[] INTEGERS = new Expr.Num[LARGEST - SMALLEST + 1];
    private static final Map<String, Expr.Var> VARIABLES = new ConcurrentHashMap<>();

    private SharedAtoms() {
    }

    static Expr.Num integer(long v) {
        if (v < SMALLEST || v > LARGEST) {
            return new Expr.Num(BigDecimal.valueOf(v));
        }
        Expr.Num n = INTEGERS[(int) (v - SMALLEST)];
        if (n == null) {
            // two threads may both make it: equal values, and either one is kept
            n = new Expr.Num(BigDecimal.valueOf(v));
            INTEGERS[(int) (v - SMALLEST)] = n;
        }
        return n;
    }

    static Expr.Var variable(String name) {
        Expr.Var known = VARIABLES.get(name);
        if (known != null) {
            return known;
        }
        Expr.Var v = new Expr.Var(name);
        if (VARIABLES.size() < MAX_NAMES) {
            Expr.Var raced = VARIABLES.putIfAbsent(name, v);
            return raced != null ? raced : v;
        }
        return v;
    }
}
