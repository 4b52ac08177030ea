package lcm.compare;

import java.time.Duration;
import java.util.List;

/**
 * What to compare over, as the command line says it.
 *
 * @param range        {@code n=64:1024,p=1:32}, or null for the default ranges
 * @param fix          {@code p=26,itors=16}, or null
 * @param points       grid points per axis, 0 for the default
 * @param bars         points for the per-category bars ({@code n=1024,p=26} each), empty for the default
 * @param symbolicTime time limit of each symbolic step (simplify, derivative, solve)
 */
public record CompareRequest(String range, String fix, int points, List<String> bars, Duration symbolicTime) {

    public CompareRequest {
        bars = List.copyOf(bars);
    }

    public static CompareRequest defaults() {
        return new CompareRequest(null, null, 0, List.of(), Duration.ofSeconds(2));
    }

    public CompareRequest withRange(String r) {
        return new CompareRequest(r, fix, points, bars, symbolicTime);
    }

    public CompareRequest withFix(String f) {
        return new CompareRequest(range, f, points, bars, symbolicTime);
    }

    public CompareRequest withPoints(int n) {
        return new CompareRequest(range, fix, n, bars, symbolicTime);
    }

    public CompareRequest withSymbolicTime(Duration d) {
        return new CompareRequest(range, fix, points, bars, d);
    }
}
