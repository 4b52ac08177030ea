package lcm.campaign;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.stream.IntStream;

/**
 * Task numbers as ascending ranges, {@code 0-7,9}, the way {@code slurm/jobs} writes them: kept
 * as ranges, so that {@code tasks=0-2147483647} costs one pair, not two thousand million numbers.
 */
public record TaskRanges(List<Span> spans) {

    /** Tasks {@code from} to {@code to}, both included. */
    public record Span(int from, int to) {
    }

    public TaskRanges {
        spans = List.copyOf(spans);
    }

    /** The ranges of {@code ids} (any order, each once). */
    public static TaskRanges of(List<Integer> ids) {
        List<Integer> s = ids.stream().sorted().toList();
        List<Span> out = new ArrayList<>();
        for (int i = 0; i < s.size(); ) {
            int j = i;
            while (j + 1 < s.size() && s.get(j + 1) == s.get(j) + 1) {
                j++;
            }
            out.add(new Span(s.get(i), s.get(j)));
            i = j + 1;
        }
        return new TaskRanges(out);
    }

    /**
     * {@code 0-7,9} read: empty unless it is whole numbers from 0 to 2^31 - 1 and ranges
     * {@code A-B} with {@code A <= B}, each after the one before.
     */
    public static Optional<TaskRanges> parse(String text) {
        List<Span> out = new ArrayList<>();
        long last = -1;
        for (String part : text.split(",", -1)) {
            int dash = part.indexOf('-');
            long from = whole(dash < 0 ? part : part.substring(0, dash));
            long to = dash < 0 ? from : whole(part.substring(dash + 1));
            if (from < 0 || to < from || from <= last) {
                return Optional.empty();
            }
            out.add(new Span((int) from, (int) to));
            last = to;
        }
        return Optional.of(new TaskRanges(out));
    }

    /** A whole number from 0 to 2^31 - 1 in ASCII digits, or -1. */
    private static long whole(String s) {
        if (s.isEmpty() || s.length() > 10) {
            return -1;
        }
        long v = 0;
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c < '0' || c > '9') {
                return -1;
            }
            v = v * 10 + (c - '0');
        }
        return v <= Integer.MAX_VALUE ? v : -1;
    }

    public boolean contains(int task) {
        for (Span s : spans) {
            if (task >= s.from() && task <= s.to()) {
                return true;
            }
        }
        return false;
    }

    /** How many tasks. */
    public long count() {
        return spans.stream().mapToLong(s -> (long) s.to() - s.from() + 1).sum();
    }

    /** The largest task, -1 when none. */
    public int last() {
        return spans.isEmpty() ? -1 : spans.get(spans.size() - 1).to();
    }

    /** The tasks one by one: only for ranges checked against a campaign's tasks ({@link #last()} below their count). */
    public IntStream stream() {
        return spans.stream().flatMapToInt(s -> IntStream.rangeClosed(s.from(), s.to()));
    }

    /** {@code 0-7,9}. */
    public String text() {
        StringBuilder b = new StringBuilder();
        for (Span s : spans) {
            if (b.length() > 0) {
                b.append(',');
            }
            b.append(s.from());
            if (s.to() > s.from()) {
                b.append('-').append(s.to());
            }
        }
        return b.toString();
    }
}
