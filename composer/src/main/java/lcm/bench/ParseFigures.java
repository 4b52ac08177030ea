package lcm.bench;

import java.util.List;
import java.util.Locale;

/** The parse figure: 100,000 lines of generated fixed-form Fortran (no padding) through the front end and DAG. */
public final class ParseFigures {

    private ParseFigures() {
    }

    public static List<Figure> run(int lines, int runs) {
        String text = ParseBenchmark.generate(lines);
        int actual = ParseBenchmark.lines(text);
        // the JIT needs several whole parses before the large methods are compiled
        Sample s = Measure.runs(8, runs, () -> ParseBenchmark.parse(text));
        return List.of(Figure.rate("parse", String.format(Locale.ROOT,
                "parse %,d lines of fixed-form Fortran (front end + DAG)", actual), s, actual, "lines/s", 100_000));
    }
}
