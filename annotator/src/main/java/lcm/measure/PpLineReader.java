package lcm.measure;

import lcm.source.ByteLines;
import lcm.source.Diagnostics;
import lcm.source.SourceLocation;
import lcm.source.SourceRegistry;
import lcm.source.SourceText;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.concurrent.ConcurrentHashMap;
import java.util.regex.Pattern;

/**
 * pp lines (the thesis' Fig. 5.1, and what {@code lcm measure} writes): {@code key=value} pairs
 * in any order separated by blanks, e.g.
 * {@code tag=cffts n=256 procs=2 width=2 execs=64 pc=0.1234 li=0.0123 pc_med=0.00191}.
 * {@code tag=} (or {@code t=}) names the fragment; the keys of {@link Quantities} are measured
 * quantities, {@link Quantities#RESERVED} and {@code *_med} are neither, every other key is a
 * variable. {@code #} starts a comment; a {@code # run:} header starts a run. The lines become
 * observations as they are read, one per fragment and run ({@link PpRuns}); a file is streamed
 * from disk, not read whole, so ten million lines take flat memory.
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
        return "pp lines: key=value pairs, one per fragment and run or one per execution (tag= names the fragment)";
    }

    @Override
    public MeasurementSet read(SourceText text, Diagnostics diagnostics) {
        PpRuns runs = new PpRuns(text.path(), diagnostics, new java.util.HashMap<>());
        List<String> lines = text.lines();
        for (int i = 0; i < lines.size(); i++) {
            byte[] b = lines.get(i).getBytes(StandardCharsets.UTF_8);
            runs.line(b, 0, b.length, i + 1);
        }
        return new MeasurementSet(text.path(), name(), runs.finish(), Quantities.KEYS);
    }

    /** Streams {@code file} from disk; the lines of its errors are kept for the diagnostics to show. */
    @Override
    public MeasurementSet read(Path file, SourceRegistry sources, Diagnostics diagnostics) {
        Map<Integer, String> errorLines = new ConcurrentHashMap<>();
        sources.provide(file, n -> errorLines.containsKey(n) ? Optional.of(errorLines.get(n)) : lineAt(file, n));
        PpRuns runs = new PpRuns(file, diagnostics, errorLines);
        try (FileChannel channel = ByteLines.open(file)) {
            ByteLines lines = new ByteLines(file, channel, 0, 1 << 16);
            int number = 0;
            while (lines.next()) {
                runs.line(lines.buffer(), lines.from(), lines.to(), ++number);
            }
        } catch (IOException e) {
            throw lcm.source.UserError.of(file + ": cannot read: " + e.getMessage());
        }
        return new MeasurementSet(file, name(), runs.finish(), Quantities.KEYS);
    }

    /** Line {@code n} of a streamed file, read again when a diagnostic shows it (a warning at an observation's line). */
    private static Optional<String> lineAt(Path file, int n) {
        try (FileChannel channel = ByteLines.open(file)) {
            ByteLines lines = new ByteLines(file, channel, 0, 1 << 16);
            for (int number = 1; lines.next(); number++) {
                if (number == n) {
                    return Optional.of(lines.text());
                }
            }
        } catch (IOException | lcm.source.UserError e) {
            return Optional.empty();
        }
        return Optional.empty();
    }

    /**
     * One line the careful way: every problem is reported at its column (the first bad value of
     * a line, with how many more it holds). Fills {@code values} and {@code tag[0]}; false when
     * the line has errors.
     */
    static boolean parse(Path file, int lineNo, String line, Diagnostics diagnostics, Map<String, Double> values,
                         String[] tag) {
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
            SourceLocation at = SourceLocation.of(file, lineNo, start + 1);
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
                if (tag[0] != null) {
                    errors.error(at, "fragment tag given twice on one line");
                    bad = true;
                }
                tag[0] = value;
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
        if (!bad && values.isEmpty() && first != null) {
            diagnostics.error(first, "line has no values, only a fragment tag");
            return false;
        }
        return !bad;
    }

    static String stripComment(String line) {
        int hash = line.indexOf('#');
        return hash < 0 ? line : line.substring(0, hash);
    }
}
