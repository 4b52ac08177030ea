package lcm.phases;

/**
 * One phase of an execution profile (Carlson's Table 1 columns): its kind, start and end in
 * seconds, and the mean and variance of the number of busy processors over it (from the
 * unsmoothed profile).
 */
public record Phase(int index, Kind kind, double start, double end, double mean, double variance) {

    public enum Kind {
        STATIONARY("stationary"), TRANSITIONAL("transitional"), GIVEN("given");

        private final String word;

        Kind(String word) {
            this.word = word;
        }

        public String word() {
            return word;
        }
    }

    public double length() {
        return end - start;
    }
}
