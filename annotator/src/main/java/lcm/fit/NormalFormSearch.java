package lcm.fit;

import lcm.expr.Expr;
import lcm.expr.Fn;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The performance-model-normal-form search (Calotoiu et al., as in Extra-P): every form
 * {@code k1 + k2*t1} and {@code k1 + k2*t1 + k3*t2} (and the constant {@code k1}) with terms
 * {@code t = x^i * log2(x)^j}, i in {0, 1/4, 1/3, 1/2, 2/3, 3/4, 1, 5/4, 4/3, 3/2, 5/3, 7/4, 2,
 * 9/4, 7/3, 5/2, 8/3, 11/4, 3}, j in {0, 1, 2}: 56 terms, 1597 hypotheses. Designs are computed
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
    }

    private static final int[][] EXPONENTS = {
            {0, 1}, {1, 4}, {1, 3}, {1, 2}, {2, 3}, {3, 4}, {1, 1}, {5, 4}, {4, 3}, {3, 2}, {5, 3}, {7, 4}, {2, 1},
            {9, 4}, {7, 3}, {5, 2}, {8, 3}, {11, 4}, {3, 1}};

    public static final List<Term> TERMS;
    /** Term indices of each hypothesis: {}, {a}, {a, b}. */
    private static final int[][] HYPOTHESES;

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
        HYPOTHESES = h.toArray(new int[0][]);
    }

    private static final int[] SIZES = new int[HYPOTHESES.length];
    private static final int[] COMPLEXITIES = new int[HYPOTHESES.length];

    static {
        for (int h = 0; h < HYPOTHESES.length; h++) {
            SIZES[h] = HYPOTHESES[h].length + 1;
            for (int t : HYPOTHESES[h]) {
                COMPLEXITIES[h] += Complexity.of(TERMS.get(t));
            }
        }
    }

    private static final int CACHE = 256;

    private final Map<Series.PointKey, LinearDesign[]> designs = new LinkedHashMap<>(16, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<Series.PointKey, LinearDesign[]> eldest) {
            return size() > CACHE;
        }
    };
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
            Expr e = Expr.var("k1");
            for (int i = 0; i < t.length; i++) {
                e = Expr.add(e, Expr.product(Expr.var("k" + (i + 2)), TERMS.get(t[i]).expr(variable)));
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
        return HYPOTHESES[h].length + 1;
    }

    /** The non-constant terms of hypothesis {@code h} in {@code variable}. */
    public List<Expr> terms(int h, String variable) {
        return Arrays.stream(HYPOTHESES[h]).mapToObj(t -> TERMS.get(t).expr(variable)).toList();
    }

    /** The designs of every hypothesis at the points of a one-variable series (cached per point set). */
    synchronized LinearDesign[] designs(Series s) {
        LinearDesign[] d = designs.get(s.key());
        if (d == null) {
            d = build(s);
            designs.put(s.key(), d);
        }
        return d;
    }

    private static LinearDesign[] build(Series s) {
        int g = s.points();
        double[][] tv = new double[TERMS.size()][g];
        for (int t = 0; t < TERMS.size(); t++) {
            for (int i = 0; i < g; i++) {
                tv[t][i] = TERMS.get(t).value(s.pointX(i)[0]);
            }
        }
        int[] reps = s.repsArray();
        LinearDesign[] out = new LinearDesign[HYPOTHESES.length];
        List<String> names3 = List.of("k1", "k2", "k3");
        for (int h = 0; h < HYPOTHESES.length; h++) {
            int[] terms = HYPOTHESES[h];
            int k = terms.length + 1;
            double[][] x = new double[g][k];
            for (int i = 0; i < g; i++) {
                x[i][0] = 1;
                for (int j = 0; j < terms.length; j++) {
                    x[i][j + 1] = tv[terms[j]][i];
                }
            }
            out[h] = LinearDesign.of(x, null, reps, names3.subList(0, k));
        }
        return out;
    }

    /**
     * The function space of a linear form without offset: its sorted basis functions, so that
     * {@code k1*n^2 + k2} and {@code k1 + k2*n^2} have the same key; null for other forms.
     */
    static String key(PreparedForm pf) {
        if (!(pf.structure instanceof FormStructure.Linear lin) || lin.offset().isPresent()) {
            return null;
        }
        return lin.basis().stream().map(Expr::text).sorted().collect(java.util.stream.Collectors.joining(" ; "));
    }

    private final Map<String, String[]> keys = new java.util.HashMap<>();

    /** The {@link #key} of hypothesis {@code h} in {@code variable}, computed once. */
    private synchronized String key(int h, String variable) {
        String[] all = keys.computeIfAbsent(variable, v -> new String[HYPOTHESES.length]);
        if (all[h] == null) {
            all[h] = key(PreparedForm.of(hypothesis(h, variable)));
        }
        return all[h];
    }

    /** The CV error of every hypothesis on a one-variable series (infinite where it cannot be fitted). */
    public double[] errors(Series s) {
        LinearDesign[] d = designs(s);
        double[] out = new double[d.length];
        double[] b = new double[3];
        double[] e = new double[s.points()];
        double[] means = s.means();
        for (int h = 0; h < d.length; h++) {
            out[h] = d[h].ok() ? LinearFitter.score(d[h], means, b, e) : Double.POSITIVE_INFINITY;
        }
        return out;
    }

    /** Distinct points below which only one-term hypotheses are tried on a single series. */
    public static final int POINTS_FOR_TWO_TERMS = 6;

    /**
     * The {@code count} best hypotheses on a one-variable series under {@link Ranking}'s rule,
     * fitted. Two-term hypotheses need {@value #POINTS_FOR_TWO_TERMS} distinct points: with
     * fewer, choosing the best of 1540 three-coefficient forms fits the noise. Hypotheses whose
     * terms equal those of a form in {@code exclude} (by {@link #key}) are left out.
     */
    public List<Fit> best(Series s, int count, java.util.Set<String> exclude) {
        double[] err = errors(s);
        String variable = s.variables().get(0);
        for (int h = 0; h < err.length; h++) {
            if ((HYPOTHESES[h].length == 2 && s.points() < POINTS_FOR_TWO_TERMS)
                    || (!exclude.isEmpty() && exclude.contains(key(h, variable)))) {
                err[h] = Double.POSITIVE_INFINITY;
            }
        }
        int[] top = Ranking.top(count, err, SIZES, new int[SIZES.length], s.scale(), s.noise());
        LinearDesign[] d = designs(s);
        List<Fit> out = new ArrayList<>();
        for (int h : top) {
            out.add(LinearFitter.fit(hypothesis(h, s.variables().get(0)), d[h], s));
        }
        return out;
    }
}
