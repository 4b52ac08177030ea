package lcm.bench.fuzz;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Mutates a seed input the ways hostile or unlucky files differ from good ones: byte flips,
 * token swaps, line edits (delete, duplicate, swap, truncate), deep nesting, huge and
 * malformed numbers, Unicode, NUL bytes and CR/LF variants. Each input gets one to three
 * mutations; the same seed and index always give the same bytes.
 */
public final class Mutator {

    /** The kinds of mutation, for counting. */
    public enum Kind { BYTE_FLIP, TOKEN_SWAP, LINE_EDIT, DEEP_NESTING, HUGE_NUMBER, UNICODE, NUL, LINE_ENDS }

    private static final Pattern TOKEN = Pattern.compile("[A-Za-z0-9_.]+|[^\\sA-Za-z0-9_.]");
    private static final Pattern NUMBER = Pattern.compile("(?<![A-Za-z_])[0-9]+(\\.[0-9]*)?([eE][-+]?[0-9]+)?");
    private static final String[] NUMBERS = {"1e999999999", "99999999999999999999", "-1", "0", "1e-400", "NaN",
        "Infinity", "-Infinity", "\u0661\u0662\u0663", "0x1F", "1.5.5", "-0", "1e308", "4294967296",
        "9223372036854775808", "1e", ".", "00000000000000000000000001", "2^999999999", "1/0"};
    private static final String[] UNICODE = {"\u00e9", "\u4e2d", "\ud83d\ude00", "\u202e", "\ufeff", "\u00a0", "\u03a9",
        "\u2028", "\u0000", "\ufffd", "\u0301", "\u200b"};
    private static final int[] DEPTHS = {10, 100, 600, 1000, 2500, 5000};

    private final Random random;
    private final List<Kind> applied = new ArrayList<>();

    private Mutator(Random random) {
        this.random = random;
    }

    /** The {@code index}-th mutation of {@code seed} under {@code base} (deterministic). */
    public static Result mutate(byte[] seed, long base, int index) {
        Mutator m = new Mutator(new Random(base * 1_000_003L + index));
        String text = new String(seed, StandardCharsets.UTF_8);
        int count = 1 + m.random.nextInt(3);
        boolean flipBytes = false;
        for (int i = 0; i < count; i++) {
            Kind k = Kind.values()[m.random.nextInt(Kind.values().length)];
            if (k == Kind.BYTE_FLIP) {
                flipBytes = true;
                continue;
            }
            text = m.apply(k, text);
            m.applied.add(k);
        }
        byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
        if (flipBytes && bytes.length > 0) {
            int flips = 1 + m.random.nextInt(4);
            for (int i = 0; i < flips; i++) {
                bytes[m.random.nextInt(bytes.length)] = (byte) m.random.nextInt(256);
            }
            m.applied.add(Kind.BYTE_FLIP);
        }
        return new Result(bytes, List.copyOf(m.applied));
    }

    /** A mutated input and what was done to it. */
    public record Result(byte[] bytes, List<Kind> kinds) {
    }

    private String apply(Kind k, String s) {
        return switch (k) {
            case TOKEN_SWAP -> swapTokens(s);
            case LINE_EDIT -> editLines(s);
            case DEEP_NESTING -> nest(s);
            case HUGE_NUMBER -> number(s);
            case UNICODE -> insert(s, UNICODE[random.nextInt(UNICODE.length)]);
            case NUL -> insert(s, "\u0000");
            case LINE_ENDS -> lineEnds(s);
            case BYTE_FLIP -> s;
        };
    }

    private String insert(String s, String what) {
        int at = s.isEmpty() ? 0 : random.nextInt(s.length() + 1);
        while (at > 0 && at < s.length() && Character.isLowSurrogate(s.charAt(at))) {
            at--;
        }
        return s.substring(0, at) + what + s.substring(at);
    }

    private List<int[]> spans(Pattern p, String s) {
        List<int[]> out = new ArrayList<>();
        Matcher m = p.matcher(s);
        while (m.find()) {
            out.add(new int[] {m.start(), m.end()});
        }
        return out;
    }

    private String swapTokens(String s) {
        List<int[]> t = spans(TOKEN, s);
        if (t.size() < 2) {
            return s;
        }
        int[] a = t.get(random.nextInt(t.size()));
        int[] b = t.get(random.nextInt(t.size()));
        if (a[0] == b[0]) {
            return s;
        }
        if (a[0] > b[0]) {
            int[] x = a;
            a = b;
            b = x;
        }
        return s.substring(0, a[0]) + s.substring(b[0], b[1]) + s.substring(a[1], b[0]) + s.substring(a[0], a[1])
                + s.substring(b[1]);
    }

    private String editLines(String s) {
        List<String> lines = new ArrayList<>(List.of(s.split("\n", -1)));
        if (lines.isEmpty()) {
            return s;
        }
        int i = random.nextInt(lines.size());
        switch (random.nextInt(5)) {
            case 0 -> lines.remove(i);
            case 1 -> lines.add(i, lines.get(random.nextInt(lines.size())));
            case 2 -> {
                int j = random.nextInt(lines.size());
                String x = lines.get(i);
                lines.set(i, lines.get(j));
                lines.set(j, x);
            }
            case 3 -> {
                // truncate the file in the middle of a line
                int at = random.nextInt(s.length() + 1);
                return s.substring(0, at);
            }
            default -> {
                // a line repeated many times
                String x = lines.get(i);
                int times = 1 + random.nextInt(200);
                for (int r = 0; r < times; r++) {
                    lines.add(i, x);
                }
            }
        }
        return String.join("\n", lines);
    }

    private String nest(String s) {
        List<int[]> t = spans(TOKEN, s);
        int depth = DEPTHS[random.nextInt(DEPTHS.length)];
        int[] at = t.isEmpty() ? new int[] {0, 0} : t.get(random.nextInt(t.size()));
        String token = s.substring(at[0], at[1]);
        String nested = switch (random.nextInt(6)) {
            case 0 -> "(".repeat(depth) + token + ")".repeat(depth);
            case 1 -> "(".repeat(depth) + token; // unbalanced
            case 2 -> "max(p, ".repeat(depth) + token + ")".repeat(depth);
            case 3 -> (token + "^").repeat(depth) + token;
            case 4 -> (token + "+").repeat(depth) + token; // a flat sum
            default -> "[".repeat(depth) + token + "]".repeat(depth);
        };
        return s.substring(0, at[0]) + nested + s.substring(at[1]);
    }

    private String number(String s) {
        List<int[]> t = spans(NUMBER, s);
        String n = NUMBERS[random.nextInt(NUMBERS.length)];
        if (t.isEmpty()) {
            return insert(s, n);
        }
        int[] at = t.get(random.nextInt(t.size()));
        return s.substring(0, at[0]) + n + s.substring(at[1]);
    }

    private String lineEnds(String s) {
        String lf = s.replace("\r\n", "\n");
        return switch (random.nextInt(4)) {
            case 0 -> lf.replace("\n", "\r");
            case 1 -> lf.replace("\n", "\r\n");
            case 2 -> {
                StringBuilder b = new StringBuilder();
                for (char c : lf.toCharArray()) {
                    b.append(c == '\n' ? (random.nextBoolean() ? "\r\n" : random.nextBoolean() ? "\r" : "\n")
                            : String.valueOf(c));
                }
                yield b.toString();
            }
            default -> lf.endsWith("\n") ? lf.substring(0, lf.length() - 1) : lf + "\n\n\n";
        };
    }
}
