package lcm.fit;

import lcm.annotation.Category;
import lcm.expr.Evaluator;
import lcm.expr.Expr;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.function.Predicate;

/**
 * Scores a fitter on side-by-side series the way the comparison with Extra-P is defined: fit each
 * series from its six points as {@code lcm fit -v x} does (quantity pc, one value per point), take
 * the selected model's relative error at 4 and 16 times the largest x against the noiseless
 * function, and whether its structure (its non-constant terms x^i*log(x)^j) is the generator's.
 * Then the figures per noise level and per generator kind: median and p90 (nearest rank) of the
 * error at 4x, median at 16x, share of exact structures.
 */
final class SideBySideScore {

    /** One series' outcome. */
    record Outcome(String region, String kind, int noise, double e4, double e16, boolean exact, String model) {
    }

    /** The figures of a group of outcomes. */
    record Figures(int series, double median4, double p90, double median16, double exact) {
    }

    private SideBySideScore() {
    }

    static List<Outcome> fit(ModelFitter fitter, List<SideBySideCase> cases) {
        List<Outcome> out = new ArrayList<>();
        for (SideBySideCase c : cases) {
            out.add(fit(fitter, c));
        }
        return out;
    }

    static Outcome fit(ModelFitter fitter, SideBySideCase c) {
        FitRequest r = new FitRequest(List.of(), Category.PC.key(), Category.PC, List.of("x"), List.of(), false, true);
        Optional<Fit> best;
        try {
            best = fitter.fit(r, c.series()).best();
        } catch (RuntimeException e) {
            best = Optional.empty();
        }
        if (best.isEmpty()) {
            return new Outcome(c.region(), c.kind(), c.noise(), Double.POSITIVE_INFINITY, Double.POSITIVE_INFINITY, false, "");
        }
        Fit f = best.get();
        double x4 = 4 * c.largestX();
        double x16 = 16 * c.largestX();
        double e4 = relativeError(Prediction.value(f, x4), c.true4());
        double e16 = relativeError(Prediction.value(f, x16), c.true16());
        return new Outcome(c.region(), c.kind(), c.noise(), e4, e16, exact(f, c), f.model().text());
    }

    static double relativeError(double value, double truth) {
        double e = Math.abs(value - truth) / Math.abs(truth);
        return Double.isNaN(e) ? Double.POSITIVE_INFINITY : e;
    }

    /** Whether the model's non-constant terms are the generator's (a max generator: a max of a line and a constant). */
    static boolean exact(Fit f, SideBySideCase c) {
        if (c.max()) {
            return Hinge.segmented(f.candidate()) || f.candidate().form().text().startsWith("max(");
        }
        if (!(FormStructure.of(f.candidate()) instanceof FormStructure.Linear lin) || lin.offset().isPresent()) {
            return false;
        }
        double[] at = Arrays.copyOf(c.xs(), c.xs().length + 1);
        at[at.length - 1] = 4 * c.largestX();
        double[] values = f.values();
        List<double[]> basis = new ArrayList<>();
        double[] sum = new double[at.length];
        for (int k = 0; k < lin.basis().size(); k++) {
            double[] b = new double[at.length];
            for (int i = 0; i < at.length; i++) {
                b[i] = values[k] * Evaluator.eval(lin.basis().get(k), Map.of("x", at[i]));
                sum[i] += Math.abs(b[i]);
            }
            basis.add(b);
        }
        List<double[]> found = new ArrayList<>();
        for (double[] b : basis) {
            boolean tiny = true;
            for (int i = 0; i < at.length; i++) {
                tiny &= Math.abs(b[i]) < 1e-6 * sum[i];
            }
            if (tiny) {
                continue;
            }
            Optional<double[]> t = termOf(b, at);
            if (t.isEmpty()) {
                return false;
            }
            if (t.get()[0] != 0 || t.get()[1] != 0) {
                found.add(t.get());
            }
        }
        if (found.size() != c.terms().size()) {
            return false;
        }
        for (double[] want : c.terms()) {
            if (found.stream().noneMatch(g -> Math.abs(g[0] - want[0]) < 1e-4 && g[1] == want[1])) {
                return false;
            }
        }
        return true;
    }

    /** The (i, j) with b proportional to x^i*log2(x)^j at the points, i in twelfths and fifths up to 4, j up to 3. */
    private static Optional<double[]> termOf(double[] b, double[] at) {
        for (int j = 0; j <= 3; j++) {
            for (int den : new int[] {12, 5}) {
                for (int num = 0; num <= 4 * den; num++) {
                    double i = (double) num / den;
                    double ratio = Double.NaN;
                    boolean same = true;
                    for (int k = 0; k < at.length && same; k++) {
                        double t = Math.pow(at[k], i) * Math.pow(Math.log(at[k]) / Math.log(2), j);
                        if (t == 0) {
                            same = Math.abs(b[k]) < 1e-12 * Arrays.stream(b).map(Math::abs).max().orElse(1);
                            continue;
                        }
                        double q = b[k] / t;
                        if (Double.isNaN(ratio)) {
                            ratio = q;
                        } else {
                            same = Math.abs(q - ratio) <= 1e-7 * Math.abs(ratio);
                        }
                    }
                    if (same && !Double.isNaN(ratio)) {
                        return Optional.of(new double[] {i, j});
                    }
                }
            }
        }
        return Optional.empty();
    }

    static Figures figures(List<Outcome> group) {
        double[] e4 = group.stream().mapToDouble(Outcome::e4).sorted().toArray();
        double[] e16 = group.stream().mapToDouble(Outcome::e16).sorted().toArray();
        int n = e4.length;
        double exact = group.stream().filter(Outcome::exact).count() / (double) n;
        return new Figures(n, median(e4), e4[(int) Math.ceil(0.9 * n) - 1], median(e16), exact);
    }

    static double median(double[] sorted) {
        int n = sorted.length;
        return n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
    }

    /** The groups of figures.md: per noise level and all, then per kind and noise level. */
    static Map<String, List<Outcome>> groups(List<Outcome> all) {
        Map<String, List<Outcome>> g = new LinkedHashMap<>();
        for (int noise : SideBySideGenerator.NOISES) {
            g.put("| " + noise + " %", select(all, o -> o.noise() == noise));
        }
        g.put("| all", all);
        for (String kind : all.stream().map(Outcome::kind).distinct().sorted().toList()) {
            for (int noise : SideBySideGenerator.NOISES) {
                g.put("| " + kind + " | " + noise + " %", select(all, o -> o.kind().equals(kind) && o.noise() == noise));
            }
            g.put("| " + kind + " | all", select(all, o -> o.kind().equals(kind)));
        }
        return g;
    }

    private static List<Outcome> select(List<Outcome> all, Predicate<Outcome> p) {
        return all.stream().filter(p).toList();
    }

    /** A Markdown table of figures.md's columns, lcm's beside the other tool's (which may be null). */
    static String table(List<Outcome> lcm, List<Outcome> other, String otherName) {
        StringBuilder out = new StringBuilder();
        out.append("| group | series | median err @ 4*xmax | p90 err @ 4*xmax | median err @ 16*xmax | exact structure |");
        if (other != null) {
            out.append(" ").append(otherName).append(": median @ 4x | p90 @ 4x | median @ 16x | exact |");
        }
        out.append('\n');
        Map<String, List<Outcome>> theirs = other == null ? Map.of() : groups(other);
        for (Map.Entry<String, List<Outcome>> e : groups(lcm).entrySet()) {
            if (e.getValue().isEmpty()) {
                continue;
            }
            Figures f = figures(e.getValue());
            out.append(String.format(Locale.ROOT, "%s | %d | %s | %s | %s | %.1f %% |", e.getKey(), f.series(), pct(f.median4()),
                    pct(f.p90()), pct(f.median16()), 100 * f.exact()));
            List<Outcome> o = theirs.get(e.getKey());
            if (o != null && !o.isEmpty()) {
                Figures g = figures(o);
                out.append(String.format(Locale.ROOT, " %s | %s | %s | %.1f %% |", pct(g.median4()), pct(g.p90()), pct(g.median16()),
                        100 * g.exact()));
            }
            out.append('\n');
        }
        return out.toString();
    }

    private static String pct(double v) {
        return Double.isFinite(v) ? String.format(Locale.ROOT, "%.2f %%", 100 * v) : "inf";
    }
}
