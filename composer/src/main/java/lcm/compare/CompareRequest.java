package lcm.compare;

import lcm.values.Point;
import lcm.values.Ranges;

import java.time.Duration;
import java.util.List;

/**
 * What to compare over, as the command line says it (parsed by lcm.cli's converters).
 *
 * @param range        {@code n=64:1024,p=1:32}, or null for the default ranges
 * @param fix          {@code p=26,itors=16}, or null
 * @param points       grid points per axis, 0 for the default
 * @param bars         points for the per-category bars ({@code n=1024,p=26} each), empty for the default
 * @param symbolicTime time limit of each step Symja takes (with {@code symja})
 * @param symja        also ask Symja: simplify the shown forms further and solve dT/dp = 0 where lcm's
 *                     own algebra cannot (starts Symja; without it compare never loads Symja)
 */
public record CompareRequest(Ranges range, Point fix, int points, List<Point> bars, Duration symbolicTime,
                             boolean symja) {

    public CompareRequest {
        bars = List.copyOf(bars);
    }

    /** Without Symja. */
    public CompareRequest(Ranges range, Point fix, int points, List<Point> bars, Duration symbolicTime) {
        this(range, fix, points, bars, symbolicTime, false);
    }

    public static CompareRequest defaults() {
        return new CompareRequest(null, null, 0, List.of(), Duration.ofSeconds(2), false);
    }

    /** With the ranges written {@code text} (as {@code --range} takes them). */
    public CompareRequest withRange(String text) {
        return new CompareRequest(Ranges.parse(text), fix, points, bars, symbolicTime, symja);
    }

    /** With the values written {@code text} fixed (as {@code --fix} takes them). */
    public CompareRequest withFix(String text) {
        return new CompareRequest(range, Point.parse(text, "--fix"), points, bars, symbolicTime, symja);
    }

    public CompareRequest withPoints(int n) {
        return new CompareRequest(range, fix, n, bars, symbolicTime, symja);
    }

    public CompareRequest withSymbolicTime(Duration d) {
        return new CompareRequest(range, fix, points, bars, d, symja);
    }

    public CompareRequest withSymja(boolean on) {
        return new CompareRequest(range, fix, points, bars, symbolicTime, on);
    }
}
