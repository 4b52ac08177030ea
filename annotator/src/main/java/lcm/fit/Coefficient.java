package lcm.fit;

/**
 * A fitted coefficient with the half-width of its 90 % confidence interval (Student t with
 * n - k degrees of freedom); {@code ci90} is NaN when the data leave no degrees of freedom.
 */
public record Coefficient(String name, double value, double ci90) {

    /** Whether the 90 % interval contains zero: the term cannot be told apart from no term. */
    public boolean intervalContainsZero() {
        return Double.isFinite(ci90) && Math.abs(value) <= ci90;
    }
}
