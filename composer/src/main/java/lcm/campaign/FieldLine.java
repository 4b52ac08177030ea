package lcm.campaign;

import lcm.expr.Numbers;
import lcm.source.SourceLocation;
import lcm.source.UserError;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;

/**
 * One {@code key=value ...} line of a campaign's own files (an exit record, a line of
 * {@code slurm/jobs}), each value read where it stands: a missing or bad one is a user error at
 * its column ({@code parts/7.exit:1:44: bad value '1e309' for 'end': number out of range ...}),
 * in the words the pp reader uses.
 */
final class FieldLine {

    private final Path file;
    private final int line;
    private final String what;
    private final Map<String, String> values = new LinkedHashMap<>();
    private final Map<String, Integer> columns = new LinkedHashMap<>();

    /**
     * @param what the form the line should have, for the message of a missing key
     *             ({@code task=N status=N ... start=S end=S})
     */
    FieldLine(Path file, int line, String text, String what) {
        this.file = file;
        this.line = line;
        this.what = what;
        int i = 0;
        int n = text.length();
        while (i < n) {
            while (i < n && Character.isWhitespace(text.charAt(i))) {
                i++;
            }
            int start = i;
            while (i < n && !Character.isWhitespace(text.charAt(i))) {
                i++;
            }
            if (i == start) {
                break;
            }
            String word = text.substring(start, i);
            int eq = word.indexOf('=');
            if (eq <= 0) {
                throw error(start, "expected key=value, found '" + word + "'");
            }
            String key = word.substring(0, eq);
            if (values.putIfAbsent(key, word.substring(eq + 1)) != null) {
                throw error(start, "key '" + key + "' given twice on one line");
            }
            columns.put(key, start + eq + 1);
        }
    }

    UserError error(int index, String message) {
        return UserError.at(SourceLocation.of(file, line, index + 1), message);
    }

    /** {@code bad value 'V' for 'KEY': PROBLEM} at the value of {@code key}. */
    UserError bad(String key, String problem) {
        return error(columns.get(key), "bad value '" + values.get(key) + "' for '" + key + "': " + problem);
    }

    boolean has(String key) {
        return values.containsKey(key);
    }

    /** The value of {@code key}, not empty; a user error when it is missing or empty. */
    String text(String key) {
        String v = values.get(key);
        if (v == null) {
            throw UserError.at(SourceLocation.of(file, line, 1), "missing '" + key + "=' (the line is " + what + ")");
        }
        if (v.isEmpty()) {
            throw error(columns.get(key), "missing value for '" + key + "'");
        }
        return v;
    }

    Optional<String> optional(String key) {
        return has(key) ? Optional.of(text(key)) : Optional.empty();
    }

    /** A number of the data files' grammar ({@link Numbers}). */
    double number(String key) {
        String v = text(key);
        OptionalDouble d = Numbers.parse(v);
        if (d.isEmpty()) {
            throw bad(key, Numbers.problem(v));
        }
        return d.getAsDouble();
    }

    /** A whole number from {@code min} to {@code max}. */
    int whole(String key, int min, int max) {
        String v = text(key);
        OptionalDouble d = Numbers.parse(v);
        if (d.isEmpty() || d.getAsDouble() != Math.rint(d.getAsDouble()) || d.getAsDouble() < min || d.getAsDouble() > max) {
            throw bad(key, "expected a whole number from " + min + " to " + max);
        }
        return (int) d.getAsDouble();
    }

    /** Task numbers and ranges, each below {@code tasks} (the campaign's count). */
    TaskRanges tasks(String key, int tasks) {
        String v = text(key);
        Optional<TaskRanges> r = TaskRanges.parse(v);
        if (r.isEmpty()) {
            throw bad(key, "expected task numbers and ranges in ascending order, such as 0-7,9");
        }
        if (r.get().last() >= tasks) {
            throw bad(key, "task " + r.get().last() + " is not a task of the campaign (its tasks are 0 to " + (tasks - 1) + ")");
        }
        return r.get();
    }
}
