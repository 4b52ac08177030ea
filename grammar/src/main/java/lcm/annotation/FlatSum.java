package lcm.annotation;

import java.util.ArrayList;
import java.util.List;

/**
 * A long expression that is a sum at its top level ({@code t1 + t2 - t3 ...}), split into its
 * terms so that each is parsed on its own and the sum is built in a loop: linear in the number
 * of terms, where the grammar's prediction over one long sum is not. A {@code +} or {@code -}
 * splits only outside parentheses, after an operand (not a sign), and not inside a number's
 * exponent ({@code 1e-5}).
 */
final class FlatSum {

    /** Sums with fewer terms are parsed whole. */
    static final int MIN_TERMS = 64;

    /** One term: its sign and its text's offset in the whole expression. */
    record Term(boolean negative, int offset, String text) {
    }

    private FlatSum() {
    }

    /** The terms, or null if the text is not a long flat sum. */
    static List<Term> split(String text) {
        List<Term> terms = new ArrayList<>();
        int depth = 0;
        int start = 0;
        boolean negative = false;
        boolean operand = false; // the last non-blank character ends an operand
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c == '(' || c == '[') {
                depth++;
            } else if (c == ')' || c == ']') {
                depth--;
            } else if ((c == '+' || c == '-') && depth == 0 && operand && !exponentSign(text, i)) {
                terms.add(new Term(negative, start, text.substring(start, i)));
                negative = c == '-';
                start = i + 1;
                operand = false;
                continue;
            }
            if (c != ' ' && c != '\t') {
                operand = Character.isLetterOrDigit(c) || c == '_' || c == '.' || c == ')' || c == ']';
            }
        }
        if (depth != 0 || terms.size() + 1 < MIN_TERMS) {
            return null;
        }
        terms.add(new Term(negative, start, text.substring(start)));
        return terms;
    }

    /** Whether the sign at {@code i} is the exponent sign of a number ({@code 1.5e-3}, {@code 2d+1}). */
    private static boolean exponentSign(String text, int i) {
        if (i < 2 || "eEdD".indexOf(text.charAt(i - 1)) < 0) {
            return false;
        }
        int s = i - 1;
        while (s > 0 && (Character.isLetterOrDigit(text.charAt(s - 1)) || text.charAt(s - 1) == '_' || text.charAt(s - 1) == '.')) {
            s--;
        }
        char first = text.charAt(s);
        return Character.isDigit(first) || first == '.';
    }
}
