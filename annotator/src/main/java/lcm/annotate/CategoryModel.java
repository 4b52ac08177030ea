package lcm.annotate;

import lcm.annotation.Category;
import lcm.expr.Expr;

import java.util.LinkedHashSet;
import java.util.Set;
import java.math.BigDecimal;
import java.math.MathContext;
import java.util.List;

/**
 * The model chosen for one category of one fragment: its shape, the fitted coefficient of each
 * term, how it was formed from the projections, and its relative cross-validation error.
 *
 * @param quantity     the data key it was fitted to ({@code pc}, or {@code rt} when the data say so)
 * @param coefficients one per term of {@code shape}
 * @param error        relative leave-one-point-out error over all the fragment's points (0.02 is 2 %)
 */
record CategoryModel(Category category, String quantity, Shape shape, List<Double> coefficients, Combination combination,
                     List<ShapeProjection> projections, double error) {

    /** How the projections were combined (the thesis' step 2(b)). */
    enum Combination {
        /** No variable has an effect: a constant. */
        CONSTANT("constant"),
        /** One variable has an effect: its projection. */
        SINGLE("one variable"),
        /** The product of the projections (every interaction term), the default. */
        PRODUCT("product"),
        /** The sum of the projections, chosen when it cross-validates better than the product. */
        SUM("sum");

        private final String label;

        Combination(String label) {
            this.label = label;
        }

        String label() {
            return label;
        }
    }

    CategoryModel {
        coefficients = List.copyOf(coefficients);
        projections = List.copyOf(projections);
        if (coefficients.size() != shape.terms().size()) {
            throw new IllegalArgumentException(coefficients.size() + " coefficients for " + shape.terms().size() + " terms");
        }
    }

    /**
     * The model as an annotation-language expression, each coefficient rounded to {@code digits}
     * significant digits: {@code 0.0019657 + 0.0020161*(p - 1)}. Terms whose coefficient is 0
     * are left out; a model with no terms left is 0.
     */
    Expr model(int digits) {
        Expr sum = null;
        for (int j = 0; j < coefficients.size(); j++) {
            BigDecimal c = round(coefficients.get(j), digits);
            if (c.signum() == 0) {
                continue;
            }
            Expr term = shape.terms().get(j);
            if (sum == null) {
                sum = Shape.times(new Expr.Num(c), term);
            } else if (c.signum() < 0) {
                sum = Expr.sub(sum, Shape.times(new Expr.Num(c.negate()), term));
            } else {
                sum = Expr.add(sum, Shape.times(new Expr.Num(c), term));
            }
        }
        return sum == null ? Expr.num(0) : sum;
    }

    /**
     * How the model was formed, for people: {@code constant}, {@code n} (one variable),
     * {@code product of n, p}, {@code sum of n, p}, with the variables whose terms were all
     * dropped as indistinguishable from zero ({@code product of n, p; n dropped}).
     */
    String describe() {
        List<String> effects = projections.stream().filter(p -> !p.noEffect()).map(ShapeProjection::variable).toList();
        Set<String> used = new LinkedHashSet<>();
        shape.terms().forEach(t -> used.addAll(t.variables()));
        String text = switch (combination) {
            case CONSTANT -> "constant";
            case SINGLE -> String.join(", ", effects);
            case PRODUCT, SUM -> combination.label() + " of " + String.join(", ", effects);
        };
        List<String> dropped = effects.stream().filter(v -> !used.contains(v)).toList();
        return dropped.isEmpty() ? text : text + "; " + String.join(", ", dropped) + " dropped";
    }

    static BigDecimal round(double v, int digits) {
        if (v == 0 || !Double.isFinite(v)) {
            return BigDecimal.ZERO;
        }
        return new BigDecimal(v).round(new MathContext(digits)).stripTrailingZeros();
    }
}
