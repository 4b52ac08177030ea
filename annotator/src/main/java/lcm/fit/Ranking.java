package lcm.fit;

import java.util.Arrays;
import java.util.Set;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.function.Predicate;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.function.ToDoubleFunction;
import java.util.function.ToIntFunction;

/**
 * The ranking rule of {@code lcm fit}. Candidates are compared by their cross-validation error
 * (leave-one-point-out), which rewards forms that predict points they were not fitted to and so
 * punishes both wrong shapes and needless terms. Errors within {@value #BAND_PERCENT} % of the
 * best plus the measurement noise of the point means (when points were measured repeatedly;
 * {@link Series#noise()}) plus a rounding floor of 1e-9 of the data's scale count as equally
 * good, since the data cannot tell them apart; among those,
 * fewer coefficients rank first, then the lower error. With one measurement per point, a form
 * of three or more quantities must have two points per quantity plus two ({@link #supported}).
 * (Choosing the terms of a multi-variable
 * projection also prefers the simpler shape within the band: {@link Complexity}.) Everything else follows by error; forms
 * that cannot be cross-validated follow by adjusted R²; forms that could not be fitted come last.
 * Remaining ties keep the candidates' order.
 */
public final class Ranking {

    static final int BAND_PERCENT = 10;
    static final double BAND = 1 + BAND_PERCENT / 100.0;
    static final double FLOOR = 1e-9;

    private Ranking() {
    }

    /** Ranks fits of one series. */
    public static List<Fit> rank(List<Fit> fits, Series series) {
        return rank(fits, series, Set.of());
    }

    /**
     * Ranks fits of one series by their relative cross-validation error ({@link Fit#cvRelative});
     * within the band, fewer coefficients first, then table and user forms before normal-form
     * hypotheses (the search competes with the table only by a clear margin), then the lower
     * error. Fits in {@code rejected} (physically impossible) rank with the unfitted ones.
     */
    public static List<Fit> rank(List<Fit> fits, Series series, Set<Fit> rejected) {
        Predicate<Fit> usable = f -> f.ok() && !rejected.contains(f) && Double.isFinite(f.cvRelative());
        List<Fit> byError = rank(fits, 1, series.relativeNoise(), f -> f.ok() && !rejected.contains(f), Fit::cvRelative,
                f -> 0, Ranking::preference, Fit::adjR2);
        Fit chosen = null;
        double floor = series.relativeNoise() + FLOOR;
        SortedMap<Integer, List<Fit>> bySize = new TreeMap<>();
        for (Fit f : byError) {
            if (usable.test(f) && supported(f, series)) {
                bySize.computeIfAbsent(size(f), k -> new ArrayList<>()).add(f);
            }
        }
        // with repeated measurements the noise is known: "fits well" means within a few times it
        double good = series.hasRepetitions() ? Math.min(GOOD, NOISE_TIMES * series.relativeNoise() + FLOOR) : GOOD;
        for (List<Fit> same : bySize.values()) {
            Fit best = same.get(0);
            if (chosen == null || (chosen.cvRelative() > floor && best.cvRelative() * MARGIN < chosen.cvRelative()
                    && (chosen.cvRelative() > good || best.cvRelative() <= EXACT))) {
                chosen = best;
            }
        }
        if (chosen == null) {
            return byError;
        }
        List<Fit> out = new ArrayList<>(byError.size());
        out.add(chosen);
        for (Fit f : byError) {
            if (f != chosen) {
                out.add(f);
            }
        }
        return out;
    }

    /**
     * Whether the points can support a form of this many quantities: with one measurement per
     * point (nothing tells noise from shape), a form of {@value #FEW_QUANTITIES} or more
     * quantities needs {@value #POINTS_PER_QUANTITY} points per quantity plus
     * {@value #POINTS_PER_QUANTITY} (three coefficients: eight points) unless it fits exactly;
     * with six points, the best of some 1,500 three-coefficient hypotheses fits 5 % noise better
     * than the right two-coefficient form by chance. Repeated measurements tell the noise, and
     * the rule's noise band decides instead.
     */
    static boolean supported(Fit f, Series series) {
        int k = size(f);
        return k < FEW_QUANTITIES || series.hasRepetitions() || f.cvRelative() <= EXACT
                || series.points() >= POINTS_PER_QUANTITY * (k + 1);
    }

    /** See {@link #supported}. */
    static final int FEW_QUANTITIES = 3;
    static final int POINTS_PER_QUANTITY = 2;

    /**
     * Within the band: table and user forms before normal-form hypotheses; among multi-variable
     * hypotheses the simpler shape ({@link Complexity}: n*log2(n) before n^(5/4)).
     */
    private static int preference(Fit f) {
        return switch (f.candidate().origin()) {
            case NORMAL_FORM -> 1000;
            case COMBINED -> Complexity.of(f.candidate().form());
            default -> 0;
        };
    }

    /** Whether {@code error} is as good as {@code best} by the rule: within the band the data cannot resolve. */
    public static boolean asGood(double error, double best) {
        return error <= best * BAND + FLOOR;
    }

    /** The number of quantities a fit chose: its coefficients and the breakpoints of its hinges. */
    static int size(Fit f) {
        return f.coefficientCount() + Hinge.in(f.candidate().form()).size();
    }

    /**
     * How much a form with more coefficients must lower the relative cross-validation error of
     * the best form with fewer to be selected instead: by this factor.
     */
    static final double MARGIN = 3;

    /** A relative cross-validation error at or below which more coefficients are not tried, unless they fit exactly. */
    static final double GOOD = ModelFitter.SEARCH_THRESHOLD;

    /**
     * With repeated measurements, a form fits well (more coefficients are not tried) only when its
     * relative CV error is within this many times the relative noise of the point means.
     */
    static final double NOISE_TIMES = 3;

    /** A relative cross-validation error this small is an exact fit (rounding). */
    static final double EXACT = 1e-7;

    /**
     * The rule over any items: usable, error, coefficient count, and a fallback score (higher is
     * better); {@code scale} is the largest absolute value, {@code noise} the error the data cannot resolve.
     */
    public static <T> List<T> rank(List<T> items, double scale, double noise, Predicate<T> usable,
                            ToDoubleFunction<T> error, ToIntFunction<T> size, ToIntFunction<T> complexity,
                            ToDoubleFunction<T> fallback) {
        double best = Double.POSITIVE_INFINITY;
        for (T t : items) {
            if (usable.test(t) && Double.isFinite(error.applyAsDouble(t))) {
                best = Math.min(best, error.applyAsDouble(t));
            }
        }
        double limit = best * BAND + noise + FLOOR * scale;
        List<Integer> order = new ArrayList<>();
        for (int i = 0; i < items.size(); i++) {
            order.add(i);
        }
        Comparator<Integer> cmp = Comparator.comparingInt((Integer i) -> klass(items.get(i), usable, error, limit));
        cmp = cmp.thenComparing((a, b) -> {
            T x = items.get(a);
            T y = items.get(b);
            int k = klass(x, usable, error, limit);
            return switch (k) {
                case 0 -> {
                    int c = Integer.compare(size.applyAsInt(x), size.applyAsInt(y));
                    if (c == 0) {
                        c = Integer.compare(complexity.applyAsInt(x), complexity.applyAsInt(y));
                    }
                    yield c != 0 ? c : Double.compare(error.applyAsDouble(x), error.applyAsDouble(y));
                }
                case 1 -> Double.compare(error.applyAsDouble(x), error.applyAsDouble(y));
                case 2 -> Double.compare(nanLast(fallback.applyAsDouble(y)), nanLast(fallback.applyAsDouble(x)));
                default -> 0;
            };
        });
        order.sort(cmp.thenComparingInt(i -> i));
        return order.stream().map(items::get).toList();
    }

    private static double nanLast(double v) {
        return Double.isNaN(v) ? Double.NEGATIVE_INFINITY : v;
    }

    /** 0: within the band of the best; 1: finite error; 2: no finite error; 3: not fitted. */
    private static <T> int klass(T t, Predicate<T> usable, ToDoubleFunction<T> error, double limit) {
        if (!usable.test(t)) {
            return 3;
        }
        double e = error.applyAsDouble(t);
        if (!Double.isFinite(e)) {
            return 2;
        }
        return e <= limit ? 0 : 1;
    }

    /**
     * The indices of the {@code count} best items under the rule, for large candidate sets
     * (the normal-form search) where sorting everything would cost more than fitting. Items with
     * an infinite error are left out.
     */
    static int[] top(int count, double[] error, int[] size, int[] complexity, double scale, double noise) {
        double best = Double.POSITIVE_INFINITY;
        for (double e : error) {
            best = Math.min(best, e);
        }
        double limit = best * BAND + noise + FLOOR * scale;
        int[] chosen = new int[Math.min(count, error.length)];
        int n = 0;
        for (int i = 0; i < error.length; i++) {
            if (!Double.isFinite(error[i])) {
                continue;
            }
            int pos = n;
            while (pos > 0 && better(i, chosen[pos - 1], error, size, complexity, limit)) {
                pos--;
            }
            if (pos >= chosen.length) {
                continue;
            }
            int end = Math.min(n, chosen.length - 1);
            System.arraycopy(chosen, pos, chosen, pos + 1, end - pos);
            chosen[pos] = i;
            n = Math.min(n + 1, chosen.length);
        }
        return Arrays.copyOf(chosen, n);
    }

    private static boolean better(int a, int b, double[] error, int[] size, int[] complexity, double limit) {
        boolean ia = error[a] <= limit;
        boolean ib = error[b] <= limit;
        if (ia != ib) {
            return ia;
        }
        if (ia && size[a] != size[b]) {
            return size[a] < size[b];
        }
        if (ia && complexity[a] != complexity[b]) {
            return complexity[a] < complexity[b];
        }
        return error[a] < error[b];
    }
}
