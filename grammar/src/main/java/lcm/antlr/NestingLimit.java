package lcm.antlr;

/**
 * The nesting an annotation or expression may have: parentheses and brackets, chains of
 * {@code ^} (right-associative) and runs of unary signs, each at most {@value #LIMIT} deep.
 * Checked on the text before parsing, so that the limit is the same on every run and the
 * message names it and points at the character that goes beyond it, instead of a parser
 * running out of stack somewhere between 600 and 100,000 levels. Flat sums and products are
 * not nesting: they parse and build in a loop, of any length.
 */
public final class NestingLimit {

    public static final int LIMIT = 1_000;
    public static final String MESSAGE = "expression nested more than 1,000 deep";

    private NestingLimit() {
    }

    /** The offset of the first character that nests deeper than the limit, or -1. */
    public static int firstBeyond(String text) {
        int depth = 0;
        int powers = 0;
        int signs = 0;
        char quote = 0;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (quote != 0) {
                quote = c == quote ? 0 : quote;
                continue;
            }
            switch (c) {
                case '\'', '"' -> quote = c;
                case '(', '[', '{' -> {
                    if (++depth > LIMIT) {
                        return i;
                    }
                    powers = 0;
                }
                case ')', ']', '}' -> depth = Math.max(0, depth - 1);
                case '^' -> {
                    if (++powers > LIMIT) {
                        return i;
                    }
                }
                case '*' -> {
                    if (i + 1 < text.length() && text.charAt(i + 1) == '*') {
                        if (++powers > LIMIT) {
                            return i;
                        }
                        i++;
                    }
                }
                case '+', '-' -> {
                    if (++signs > LIMIT) {
                        return i;
                    }
                    continue;
                }
                case ',', '=' -> powers = 0;
                default -> {
                    // other characters end a run of signs (blanks do not)
                }
            }
            if (c != ' ' && c != '\t') {
                signs = 0;
            }
        }
        return -1;
    }
}
