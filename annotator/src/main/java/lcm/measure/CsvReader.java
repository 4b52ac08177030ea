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
import java.util.Map;
import java.util.OptionalDouble;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * CSV with a header row whose column names are the keys of pp lines: {@code tag,n,p,li,pc}.
 * The separator is a comma, or a semicolon or tab when the header has one of those and no comma.
 * Fields may be double-quoted. An empty cell means "not measured" (the key is absent from that
 * row). Lines starting with {@code #} and blank lines are skipped. Each row is a run of its own;
 * at most {@link lcm.pp.RunReservoir#RUNS_PER_POINT} rows of a fragment at a point are kept
 * ({@link OwnRuns}).
 */
public final class CsvReader implements LineByLineReader {

    private static final Pattern KEY = Pattern.compile("[A-Za-z_][A-Za-z0-9_]*");

    private record Cell(String text, int column) {
    }

    @Override
    public String name() {
        return "csv";
    }

    @Override
    public List<String> extensions() {
        return List.of("csv", "tsv");
    }

    @Override
    public String description() {
        return "CSV with a header row of keys (tag, n, p, li, pc, ...)";
    }

    @Override
    public MeasurementSet read(StreamedLines lines, Diagnostics diagnostics) {
        Path file = lines.path();
        OwnRuns out = new OwnRuns(file, OwnRuns::places);
        List<String> header = null;
        int tagColumn = -1;
        char sep = ',';
        while (LineByLineReader.nextData(lines, diagnostics)) {
            String line = lines.line();
            int lineNo = lines.number();
            int before = diagnostics.count();
            if (header == null) {
                sep = separator(line);
                header = new ArrayList<>();
                tagColumn = readHeader(file, lineNo, split(line, sep), header, diagnostics);
                if (diagnostics.count() != before) {
                    lines.keep();
                }
                if (header.isEmpty()) {
                    return new MeasurementSet(file, name(), List.of(), Quantities.KEYS);
                }
                continue;
            }
            readRow(file, lineNo, split(line, sep), header, tagColumn, diagnostics, out);
            if (diagnostics.count() != before) {
                lines.keep();
            }
        }
        if (header == null) {
            diagnostics.add(Diagnostic.error(file + ": no header row (expected column names such as n,p,li)"));
        }
        return new MeasurementSet(file, name(), out.kept(), Quantities.KEYS, out.notes());
    }

    private static char separator(String header) {
        if (header.indexOf(',') >= 0) {
            return ',';
        }
        if (header.indexOf(';') >= 0) {
            return ';';
        }
        return header.indexOf('\t') >= 0 ? '\t' : ',';
    }

    private int readHeader(Path file, int lineNo, List<Cell> cells, List<String> header, Diagnostics diagnostics) {
        Set<String> seen = new HashSet<>();
        int tagColumn = -1;
        boolean bad = false;
        for (int c = 0; c < cells.size(); c++) {
            Cell cell = cells.get(c);
            String key = cell.text().strip();
            SourceLocation at = SourceLocation.of(file, lineNo, cell.column());
            if (!KEY.matcher(key).matches()) {
                diagnostics.error(at, key.isEmpty() ? "empty column name in the header"
                        : "bad column name '" + key + "' (names: letters, digits, _)");
                bad = true;
            } else if (!seen.add(key) || (Quantities.isTag(key) && tagColumn >= 0)) {
                diagnostics.error(at, "column '" + key + "' given twice in the header");
                bad = true;
            } else if (Quantities.isTag(key)) {
                tagColumn = c;
            }
            header.add(key);
        }
        if (bad) {
            header.clear();
        }
        return tagColumn;
    }

    private void readRow(Path file, int lineNo, List<Cell> cells, List<String> header, int tagColumn,
                         Diagnostics diagnostics, OwnRuns out) {
        if (cells.size() != header.size()) {
            diagnostics.error(SourceLocation.of(file, lineNo, 1),
                    "row has " + cells.size() + " fields, the header has " + header.size());
            return;
        }
        Map<String, Double> values = new LinkedHashMap<>();
        String tag = "";
        boolean bad = false;
        LineErrors errors = new LineErrors(diagnostics);
        for (int c = 0; c < cells.size(); c++) {
            String cell = cells.get(c).text().strip();
            if (c == tagColumn) {
                tag = cell;
                continue;
            }
            if (cell.isEmpty()) {
                continue;
            }
            OptionalDouble v = Numbers.parse(cell);
            if (v.isEmpty()) {
                errors.error(SourceLocation.of(file, lineNo, cells.get(c).column()),
                        "bad value '" + cell + "' in column '" + header.get(c) + "': " + Numbers.problem(cell));
                bad = true;
                continue;
            }
            values.put(header.get(c), v.getAsDouble());
        }
        errors.flush();
        if (bad) {
            return;
        }
        if (values.isEmpty()) {
            diagnostics.error(SourceLocation.of(file, lineNo, 1), "row has no values");
            return;
        }
        out.add(tag, values, SourceLocation.of(file, lineNo, 1));
    }

    /** Splits one line into fields with their 1-based start columns; double quotes group, "" is a quote. */
    private static List<Cell> split(String line, char sep) {
        List<Cell> cells = new ArrayList<>();
        if (line.indexOf('"') < 0) {
            // no quotes (most rows): the fields are the text between separators
            int start = 0;
            for (int end = line.indexOf(sep); end >= 0; end = line.indexOf(sep, start)) {
                cells.add(new Cell(line.substring(start, end), start + 1));
                start = end + 1;
            }
            cells.add(new Cell(line.substring(start), start + 1));
            return cells;
        }
        StringBuilder cur = new StringBuilder();
        int start = 1;
        boolean quoted = false;
        for (int i = 0; i < line.length(); i++) {
            char ch = line.charAt(i);
            if (quoted) {
                if (ch == '"' && i + 1 < line.length() && line.charAt(i + 1) == '"') {
                    cur.append('"');
                    i++;
                } else if (ch == '"') {
                    quoted = false;
                } else {
                    cur.append(ch);
                }
            } else if (ch == '"') {
                quoted = true;
            } else if (ch == sep) {
                cells.add(new Cell(cur.toString(), start));
                cur.setLength(0);
                start = i + 2;
            } else {
                cur.append(ch);
            }
        }
        cells.add(new Cell(cur.toString(), start));
        return cells;
    }
}
