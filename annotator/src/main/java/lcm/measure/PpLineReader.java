package lcm.measure;

import lcm.source.Diagnostics;
import lcm.source.SourceLocation;
import lcm.source.SourceText;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalDouble;
import java.util.regex.Pattern;

/**
 * The thesis' pp line format (Fig. 5.1): one execution per line, {@code key=value} pairs in any
 * order separated by blanks, e.g.
 * {@code d=32 v=4.5 p=2 li=0.018748 ip=0.002202 sl=0.276536 cl=0.077673 rc=0.037759 tt=1.313014 rt=0.900096}.
 * {@code tag=} (or {@code t=}) names the fragment; the keys of {@link Quantities} are measured
 * quantities; every other key is a variable. {@code #} starts a comment; blank lines are skipped.
 */
public final class PpLineReader implements MeasurementReader {

    private static final Pattern KEY = Pattern.compile("[A-Za-z_][A-Za-z0-9_]*");

    @Override
    public String name() {
        return "pp";
    }

    @Override
    public List<String> extensions() {
        return List.of("pp", "pplog");
    }

    @Override
    public String description() {
        return "pp lines: key=value pairs, one execution per line (tag= names the fragment)";
    }

    @Override
    public MeasurementSet read(SourceText text, Diagnostics diagnostics) {
        List<Measurement> out = new ArrayList<>();
        List<String> lines = text.lines();
        for (int i = 0; i < lines.size(); i++) {
            String line = stripComment(lines.get(i));
            if (line.isBlank()) {
                continue;
            }
            readLine(text, i + 1, line, diagnostics, out);
        }
        return new MeasurementSet(text.path(), name(), out, Quantities.KEYS);
    }

    private void readLine(SourceText text, int lineNo, String line, Diagnostics diagnostics, List<Measurement> out) {
        Map<String, Double> values = new LinkedHashMap<>();
        String tag = null;
        boolean bad = false;
        int i = 0;
        int n = line.length();
        SourceLocation first = null;
        LineErrors errors = new LineErrors(diagnostics);
        while (i < n) {
            while (i < n && Character.isWhitespace(line.charAt(i))) {
                i++;
            }
            if (i >= n) {
                break;
            }
            int start = i;
            while (i < n && !Character.isWhitespace(line.charAt(i))) {
                i++;
            }
            String token = line.substring(start, i);
            SourceLocation at = SourceLocation.of(text.path(), lineNo, start + 1);
            if (first == null) {
                first = at;
            }
            int eq = token.indexOf('=');
            if (eq < 0) {
                errors.error(at, "expected key=value, found '" + token + "'");
                bad = true;
                continue;
            }
            String key = token.substring(0, eq);
            String value = token.substring(eq + 1);
            if (key.isEmpty()) {
                errors.error(at, "missing key before '='");
                bad = true;
                continue;
            }
            if (!KEY.matcher(key).matches()) {
                errors.error(at, "bad key '" + key + "' (keys are names: letters, digits, _)");
                bad = true;
                continue;
            }
            SourceLocation valueAt = at.plusColumns(eq + 1);
            if (value.isEmpty()) {
                errors.error(valueAt, "missing value for '" + key + "'");
                bad = true;
                continue;
            }
            if (Quantities.isTag(key)) {
                if (tag != null) {
                    errors.error(at, "fragment tag given twice on one line");
                    bad = true;
                }
                tag = value;
                continue;
            }
            if (values.containsKey(key)) {
                errors.error(at, "key '" + key + "' given twice on one line");
                bad = true;
                continue;
            }
            OptionalDouble v = Numbers.parse(value);
            if (v.isEmpty()) {
                errors.error(valueAt, "bad value '" + value + "' for '" + key + "': " + Numbers.problem(value));
                bad = true;
                continue;
            }
            values.put(key, v.getAsDouble());
        }
        errors.flush();
        if (bad) {
            return;
        }
        if (values.isEmpty()) {
            diagnostics.error(first, "line has no values, only a fragment tag");
            return;
        }
        out.add(new Measurement(tag == null ? "" : tag, values, SourceLocation.of(text.path(), lineNo, 1)));
    }

    static String stripComment(String line) {
        int hash = line.indexOf('#');
        return hash < 0 ? line : line.substring(0, hash);
    }
}
