package lcm.compare;

import lcm.expr.Expr;

import java.util.Locale;
import java.util.List;
import java.util.Optional;

/**
 * What T_P says about the number of processors p, for one model: speedup T(1)/T(p) and
 * efficiency against p = 1, dT/dp, and the best p in the range.
 *
 * @param speedup         T(p=1)/T(p), simplified (empty when the model has no p)
 * @param efficiency      T(p=1)/(p T(p)), simplified
 * @param derivative      dT/dp, simplified, or empty with {@code derivativeNote} saying why
 * @param bestP           the best p at each shown row value (empty unless p ranges)
 * @param method          how the best p was found ({@link Method#NONE} unless p ranges)
 * @param stationaryPoints the real roots of dT/dp = 0 in closed form, p > 0 (symbolic method only)
 * @param note            why parts are missing, for the reader
 */
public record ProcessorAnalysis(Optional<Expr> speedup, Optional<Expr> efficiency, Optional<Expr> derivative,
                                String derivativeNote, List<BestP> bestP, Method method, List<Expr> stationaryPoints,
                                String note) {

    /** How the best p was found. */
    public enum Method {
        SYMBOLIC("symbolic: dT/dp = 0 solved in closed form; the least T_P among its roots in the range and the ends"),
        NUMERIC("numeric: the least of " + BestPSearch.SAMPLES + " samples, refined by golden-section search"),
        NONE("none");

        private final String description;

        Method(String description) {
            this.description = description;
        }

        public String description() {
            return description;
        }

        public String json() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    public ProcessorAnalysis {
        bestP = List.copyOf(bestP);
        stationaryPoints = List.copyOf(stationaryPoints);
    }

    static ProcessorAnalysis without(String note) {
        return new ProcessorAnalysis(Optional.empty(), Optional.empty(), Optional.empty(), "", List.of(), Method.NONE,
                List.of(), note);
    }
}
