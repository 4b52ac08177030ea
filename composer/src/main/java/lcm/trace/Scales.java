package lcm.trace;

import lcm.values.Scale;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * Factors that rescale work by fragment: {@code --scale produce=2} makes every interval of
 * fragment {@code produce} twice as long; {@code --scale 0.5} sets the factor of every other
 * fragment. For a trace transformation these are Mendes' compute ratios K (C2 = K * C1).
 */
public record Scales(double otherwise, Map<String, Double> byFragment) {

    public static final Scales NONE = new Scales(1.0, Map.of());

    public Scales {
        Objects.requireNonNull(byFragment, "byFragment");
        byFragment = Map.copyOf(byFragment);
    }

    /** The factors of {@code --scale} as given, the last for a fragment (or for every other one) counting. */
    public static Scales of(List<Scale> given) {
        double otherwise = 1.0;
        Map<String, Double> by = new HashMap<>();
        for (Scale s : given) {
            if (s.fragment().isPresent()) {
                by.put(s.fragment().get(), s.factor());
            } else {
                otherwise = s.factor();
            }
        }
        return new Scales(otherwise, by);
    }

    public double factor(String fragment) {
        Double f = byFragment.get(fragment);
        return f != null ? f : otherwise;
    }

    /** Every factor multiplied by {@code k} (a machine pair's compute ratio on top of --scale). */
    public Scales times(double k) {
        Map<String, Double> by = new HashMap<>();
        byFragment.forEach((f, v) -> by.put(f, v * k));
        return new Scales(otherwise * k, by);
    }

    public boolean isIdentity() {
        return otherwise == 1.0 && byFragment.values().stream().allMatch(f -> f == 1.0);
    }
}
