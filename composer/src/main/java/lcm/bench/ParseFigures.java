package lcm.bench;

import lcm.expr.NumberText;
import java.util.List;

/** The parse figure: 100,000 lines of generated fixed-form Fortran (no padding) through the front end and DAG. */
public final class ParseFigures {

    private ParseFigures() {
    }

    public static List<Figure> run(int lines, int runs) {
        String text = ParseBenchmark.generate(lines);
        int actual = ParseBenchmark.lines(text);
        // the JIT needs several whole parses before the large methods are compiled
        Sample s = Measure.runs(8, runs, () -> ParseBenchmark.parse(text));
        return List.of(Figure.rate("parse", "parse " + NumberText.count(actual)
                + " lines of fixed-form Fortran (front end + DAG)", s, actual, "lines/s", 100_000));
    }
}
