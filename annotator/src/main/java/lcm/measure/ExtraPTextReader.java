package lcm.measure;

import lcm.source.LineErrors;
import lcm.expr.Numbers;
import lcm.source.Diagnostic;
import lcm.source.Diagnostics;
import lcm.source.SourceLocation;
import lcm.source.StreamedLines;

import java.nio.file.Path;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.OptionalDouble;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * Extra-P's text format: {@code PARAMETER} names (several per line or one per line),
 * {@code POINTS} (parenthesized tuples, several per line or one per line; bare numbers when
 * there is one parameter), then blocks of {@code REGION} (the fragment tag), optional
 * {@code METRIC} (the measured quantity; {@value #DEFAULT_METRIC} when absent) and one
 * {@code DATA} line per point, in POINTS order, holding every repetition. Each repetition
 * becomes one measurement, a run of its own; at most
 * {@link lcm.pp.RunReservoir#RUNS_PER_POINT} of a region and metric at a point are kept
 * ({@link OwnRuns}). {@code #} lines are comments.
 */
public final class ExtraPTextReader implements LineByLineReader {

    /** The quantity name of values that no METRIC line names. */
    public static final String DEFAULT_METRIC = "time";

    private static final Pattern NAME = Pattern.compile("[A-Za-z_][A-Za-z0-9_]*");

    private record Word(String text, int column) {
    }

    private record Point(double[] coordinates, SourceLocation at) {
    }

    /** Parsing state for one file. */
    private static final class State {
        final List<String> parameters = new ArrayList<>();
        final Set<String> declared = new HashSet<>(); // the parameters, looked up in constant time
        final List<Point> points = new ArrayList<>();
        final OwnRuns out;
        final Set<String> metrics = new HashSet<>();
        final Map<String, SourceLocation> regionsWithoutData = new LinkedHashMap<>();
        String region = "";
        String metric = DEFAULT_METRIC;
        int dataIndex;
        SourceLocation blockStart;
        boolean anyData;

        State(Path file) {
            out = new OwnRuns(file, declared::contains);
        }
    }

    @Override
    public String name() {
        return "extrap";
    }

    @Override
    public List<String> extensions() {
        return List.of("extrap");
    }

    @Override
    public String description() {
        return "Extra-P text format (PARAMETER, POINTS, REGION, METRIC, DATA)";
    }

    @Override
    public MeasurementSet read(StreamedLines lines, Diagnostics diagnostics) {
        Path file = lines.path();
        State s = new State(file);
        while (LineByLineReader.nextData(lines, diagnostics)) {
            int before = diagnostics.count();
            line(s, lines.line(), file, lines.number(), diagnostics);
            if (diagnostics.count() != before) {
                lines.keep();
            }
        }
        if (diagnostics.full()) {
            // a file of many bad lines (10,000 lines of 10,000 bad words): its blocks are not checked
            return new MeasurementSet(file, name(), s.out.kept(), Set.of(DEFAULT_METRIC), s.out.notes());
        }
        endBlock(s, diagnostics);
        s.regionsWithoutData.forEach((region, at) -> diagnostics.error(at, "REGION '" + region + "' has no DATA lines"));
        if (!s.anyData && s.regionsWithoutData.isEmpty()) {
            diagnostics.add(Diagnostic.error(file + ": no DATA lines"));
        }
        Set<String> quantities = new HashSet<>(s.metrics);
        quantities.add(DEFAULT_METRIC);
        return new MeasurementSet(file, name(), s.out.kept(), quantities, s.out.notes());
    }

    /** One line that is not blank or a comment. */
    private static void line(State s, String line, Path file, int lineNo, Diagnostics diagnostics) {
        List<Word> words = words(line);
        Word field = words.get(0);
        List<Word> rest = words.subList(1, words.size());
        SourceLocation at = SourceLocation.of(file, lineNo, field.column());
        switch (field.text().toUpperCase(Locale.ROOT)) {
            case "PARAMETER" -> parameter(s, rest, file, lineNo, at, diagnostics);
            case "POINTS" -> points(s, line, field, file, lineNo, at, diagnostics);
            case "REGION" -> {
                endBlock(s, diagnostics);
                s.region = restOfLine(line, field);
                s.regionsWithoutData.putIfAbsent(s.region, at);
                s.blockStart = at;
            }
            case "METRIC" -> {
                endBlock(s, diagnostics);
                s.metric = restOfLine(line, field);
                if (s.metric.isEmpty()) {
                    diagnostics.error(at, "METRIC without a name");
                    s.metric = DEFAULT_METRIC;
                }
                s.blockStart = at;
            }
            case "DATA" -> data(s, rest, file, lineNo, at, diagnostics);
            default -> diagnostics.error(at, "unknown field '" + field.text()
                    + "' (expected PARAMETER, POINTS, REGION, METRIC or DATA)");
        }
    }

    private static void parameter(State s, List<Word> names, Path file, int lineNo, SourceLocation at,
                                  Diagnostics diagnostics) {
        if (!s.points.isEmpty()) {
            diagnostics.error(at, "PARAMETER after POINTS: declare every parameter first");
            return;
        }
        if (names.isEmpty()) {
            diagnostics.error(at, "PARAMETER without a name");
        }
        LineErrors errors = new LineErrors(diagnostics);
        for (Word w : names) {
            SourceLocation wAt = SourceLocation.of(file, lineNo, w.column());
            if (!NAME.matcher(w.text()).matches()) {
                errors.error(wAt, "bad parameter name '" + w.text() + "' (names: letters, digits, _)");
            } else if (!s.declared.add(w.text())) {
                errors.error(wAt, "parameter '" + w.text() + "' declared twice");
            } else {
                s.parameters.add(w.text());
            }
        }
        errors.flush();
    }

    private static void points(State s, String line, Word field, Path file, int lineNo, SourceLocation at,
                               Diagnostics diagnostics) {
        if (s.parameters.isEmpty()) {
            diagnostics.error(at, "POINTS before PARAMETER: declare the parameters first");
            return;
        }
        if (s.anyData) {
            diagnostics.error(at, "POINTS after DATA: declare every point first");
            return;
        }
        int from = field.column() - 1 + field.text().length();
        String body = line.substring(from);
        int before = s.points.size();
        if (body.indexOf('(') < 0 && body.indexOf(')') < 0) {
            if (s.parameters.size() != 1) {
                diagnostics.error(at, "POINTS without parentheses need exactly one PARAMETER; this file has "
                        + s.parameters.size() + " (write ( 1 2 ) for each point)");
                return;
            }
            LineErrors errors = new LineErrors(diagnostics);
            for (Word w : words(body)) {
                SourceLocation wAt = SourceLocation.of(file, lineNo, from + w.column());
                OptionalDouble v = Numbers.parse(w.text());
                if (v.isEmpty()) {
                    errors.error(wAt, "bad coordinate '" + w.text() + "': " + Numbers.problem(w.text()));
                } else {
                    s.points.add(new Point(new double[] {v.getAsDouble()}, wAt));
                }
            }
            errors.flush();
        } else {
            tuples(s, body, from, file, lineNo, diagnostics);
        }
        if (s.points.size() == before && !diagnostics.hasErrors()) {
            diagnostics.error(at, "POINTS without points");
        }
    }

    private static void tuples(State s, String body, int offset, Path file, int lineNo, Diagnostics diagnostics) {
        int i = 0;
        while (i < body.length()) {
            char ch = body.charAt(i);
            if (Character.isWhitespace(ch)) {
                i++;
                continue;
            }
            SourceLocation at = SourceLocation.of(file, lineNo, offset + i + 1);
            if (ch != '(') {
                diagnostics.error(at, "expected '(' to start a point, found '" + ch + "'");
                return;
            }
            int close = body.indexOf(')', i);
            if (close < 0) {
                diagnostics.error(at, "point without a closing ')'");
                return;
            }
            List<Word> coords = words(body.substring(i + 1, close));
            if (coords.size() != s.parameters.size()) {
                diagnostics.error(at, "point has " + coords.size() + " coordinate" + (coords.size() == 1 ? "" : "s")
                        + ", expected " + s.parameters.size() + " (" + String.join(" ", s.parameters) + ")");
            } else {
                double[] c = new double[coords.size()];
                boolean ok = true;
                for (int k = 0; k < c.length; k++) {
                    Word w = coords.get(k);
                    OptionalDouble v = Numbers.parse(w.text());
                    if (v.isEmpty()) {
                        diagnostics.error(SourceLocation.of(file, lineNo, offset + i + 1 + w.column()),
                                "bad coordinate '" + w.text() + "': " + Numbers.problem(w.text()));
                        ok = false;
                    } else {
                        c[k] = v.getAsDouble();
                    }
                }
                if (ok) {
                    s.points.add(new Point(c, at));
                }
            }
            i = close + 1;
        }
    }

    private static void data(State s, List<Word> values, Path file, int lineNo, SourceLocation at,
                             Diagnostics diagnostics) {
        s.anyData = true;
        s.regionsWithoutData.remove(s.region);
        if (s.blockStart == null) {
            s.blockStart = at;
        }
        if (s.points.isEmpty()) {
            diagnostics.error(at, "DATA before POINTS: declare the points first");
            return;
        }
        int index = s.dataIndex++;
        if (index >= s.points.size()) {
            diagnostics.error(at, "more DATA lines than POINTS (" + s.points.size() + ")"
                    + (s.region.isEmpty() ? "" : " in REGION '" + s.region + "'"));
            return;
        }
        if (values.isEmpty()) {
            diagnostics.error(at, "DATA without values");
            return;
        }
        s.metrics.add(s.metric);
        Point p = s.points.get(index);
        LineErrors errors = new LineErrors(diagnostics);
        for (Word w : values) {
            SourceLocation wAt = SourceLocation.of(file, lineNo, w.column());
            OptionalDouble v = Numbers.parse(w.text());
            if (v.isEmpty()) {
                errors.error(wAt, "bad value '" + w.text() + "': " + Numbers.problem(w.text()));
                continue;
            }
            Map<String, Double> m = new LinkedHashMap<>();
            for (int k = 0; k < s.parameters.size(); k++) {
                m.put(s.parameters.get(k), p.coordinates()[k]);
            }
            m.put(s.metric, v.getAsDouble());
            s.out.add(s.region, m, wAt);
        }
        errors.flush();
    }

    private static void endBlock(State s, Diagnostics diagnostics) {
        if (s.dataIndex > 0 && s.dataIndex < s.points.size()) {
            diagnostics.error(s.blockStart, (s.region.isEmpty() ? "" : "REGION '" + s.region + "', ")
                    + "METRIC '" + s.metric + "': " + s.dataIndex + " DATA line" + (s.dataIndex == 1 ? "" : "s")
                    + " for " + s.points.size() + " POINTS");
        }
        s.dataIndex = 0;
        s.blockStart = null;
    }

    private static String restOfLine(String line, Word field) {
        return line.substring(field.column() - 1 + field.text().length()).strip();
    }

    /** Blank-separated words with their 1-based columns. */
    private static List<Word> words(String line) {
        List<Word> out = new ArrayList<>();
        int i = 0;
        while (i < line.length()) {
            while (i < line.length() && Character.isWhitespace(line.charAt(i))) {
                i++;
            }
            int start = i;
            while (i < line.length() && !Character.isWhitespace(line.charAt(i))) {
                i++;
            }
            if (i > start) {
                out.add(new Word(line.substring(start, i), start + 1));
            }
        }
        return out;
    }
}
