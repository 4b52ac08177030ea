package lcm.annotate;

import lcm.annotation.Category;
import lcm.expr.Coefficients;
import lcm.expr.Expr;
import lcm.fit.Fit;
import lcm.fit.FitResult;
import lcm.fit.FormStructure;
import lcm.fit.Prediction;
import lcm.fit.PredictionPoints;
import lcm.fit.Products;

import java.math.BigDecimal;
import java.math.MathContext;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The model chosen for one category of one fragment: the fit {@code lcm fit} selects for the same
 * data ({@link lcm.fit.ModelFitter}), with the notes that came with it.
 *
 * @param quantity the data key it was fitted to ({@code pc}, or {@code rt} when the data say so)
 * @param result   the whole fit result (ranked candidates, notes)
 * @param fit      the selected fit
 */
record CategoryModel(Category category, String quantity, FitResult result, Fit fit) {

    /** How the model combines its variables (the thesis' step 2(b)), read off the selected form. */
    enum Combination {
        /** No variable has an effect: a constant. */
        CONSTANT("constant"),
        /** One variable has an effect. */
        SINGLE("one variable"),
        /** Some term depends on several variables (an interaction). */
        PRODUCT("product"),
        /** Several variables, each term depending on one: additive effects. */
        SUM("sum");

        private final String label;

        Combination(String label) {
            this.label = label;
        }

        String label() {
            return label;
        }
    }

    /** The terms of the selected form when it is linear in its coefficients (one per coefficient), else empty. */
    List<Expr> terms() {
        if (FormStructure.of(fit.candidate()) instanceof FormStructure.Linear lin && lin.offset().isEmpty()) {
            return lin.basis();
        }
        return List.of();
    }

    /** The selected form with coefficients {@code k1, k2, ...}: {@code k1*n^2*p}. */
    String formText() {
        return fit.candidate().text();
    }

    /** The relative leave-one-point-out error of the model (0.02 is 2 %; SMAPE, the rule's measure). */
    double error() {
        return fit.cvRelative();
    }

    Combination combination() {
        List<Set<String>> perTerm = new ArrayList<>();
        Set<String> all = new LinkedHashSet<>();
        List<Expr> ts = terms();
        if (ts.isEmpty()) {
            perTerm.add(fit.candidate().form().variables().stream().filter(result.variables()::contains)
                    .collect(java.util.stream.Collectors.toCollection(LinkedHashSet::new)));
        } else {
            ts.forEach(t -> perTerm.add(new LinkedHashSet<>(t.variables())));
        }
        perTerm.forEach(all::addAll);
        if (all.isEmpty()) {
            return Combination.CONSTANT;
        }
        if (all.size() == 1) {
            return Combination.SINGLE;
        }
        return perTerm.stream().anyMatch(s -> s.size() > 1) ? Combination.PRODUCT : Combination.SUM;
    }

    /**
     * The model's value and 90 % prediction interval at twice the largest measured value of every
     * fitted variable (a point outside the data: how far the model can be trusted), as
     * {@code lcm fit --at} prints it; empty for a model with no variable.
     */
    String prediction() {
        List<String> vars = result.variables();
        if (used().isEmpty()) {
            return "";
        }
        double[] at = new double[vars.size()];
        for (int j = 0; j < at.length; j++) {
            double[] d = result.series().distinct(j);
            at[j] = 2 * d[d.length - 1];
        }
        return PredictionPoints.text(Prediction.of(fit, result.series(), at), vars);
    }

    /** The variables the model depends on, in the fit's order. */
    List<String> used() {
        Set<String> names = fit.candidate().form().variables();
        return result.variables().stream().filter(names::contains).toList();
    }

    /**
     * The model as an annotation-language expression, each coefficient rounded to {@code digits}
     * significant digits: {@code 0.0019657 + 0.0020161*(p - 1)}. Terms whose coefficient is 0
     * are left out; a model with no terms left is 0.
     */
    Expr model(int digits) {
        List<Expr> ts = terms();
        if (ts.isEmpty()) {
            Map<String, Double> rounded = new LinkedHashMap<>();
            fit.coefficients().forEach(c -> rounded.put(c.name(), round(c.value(), digits).doubleValue()));
            return Coefficients.substitute(fit.candidate().form(), rounded);
        }
        Expr sum = null;
        for (int j = 0; j < ts.size(); j++) {
            BigDecimal c = round(fit.coefficients().get(j).value(), digits);
            if (c.signum() == 0) {
                continue;
            }
            Expr term = ts.get(j);
            if (sum == null) {
                sum = times(new Expr.Num(c), term);
            } else if (c.signum() < 0) {
                sum = Expr.sub(sum, times(new Expr.Num(c.negate()), term));
            } else {
                sum = Expr.add(sum, times(new Expr.Num(c), term));
            }
        }
        return sum == null ? Expr.num(0) : sum;
    }

    /**
     * How the model was formed, for people: {@code constant}, {@code n} (one variable),
     * {@code product of n, p} (a term depends on both), {@code sum of n, p} (each term on one).
     */
    String describe() {
        return switch (combination()) {
            case CONSTANT -> "constant";
            case SINGLE -> String.join(", ", used());
            case PRODUCT, SUM -> combination().label() + " of " + String.join(", ", used());
        };
    }

    private static Expr times(Expr a, Expr b) {
        return Products.times(a, b);
    }

    static BigDecimal round(double v, int digits) {
        if (v == 0 || !Double.isFinite(v)) {
            return BigDecimal.ZERO;
        }
        return new BigDecimal(v).round(new MathContext(digits)).stripTrailingZeros();
    }
}
