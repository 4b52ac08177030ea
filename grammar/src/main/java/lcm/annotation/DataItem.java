package lcm.annotation;

/**
 * A data item named in {@code input:}, {@code output:} or {@code size:}. Items are matched by
 * their normalized text: blanks removed, lower case, Java brackets written as parentheses,
 * so {@code a[k]} in Java and {@code A(k)} in Fortran are the same item.
 */
public record DataItem(String text) {

    public DataItem {
        text = normalize(text);
    }

    /** The array or variable name, without subscripts. */
    public String base() {
        int paren = text.indexOf('(');
        return paren < 0 ? text : text.substring(0, paren);
    }

    /** Top-level subscripts of {@code a(k)} (1), {@code a(i,j)} (2), {@code a} (0). */
    public int subscripts() {
        int open = text.indexOf('(');
        if (open < 0) {
            return 0;
        }
        int depth = 0;
        int count = 1;
        for (int i = open + 1; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c == '(') {
                depth++;
            } else if (c == ')') {
                if (depth == 0) {
                    break;
                }
                depth--;
            } else if (c == ',' && depth == 0) {
                count++;
            }
        }
        return count;
    }

    public static String normalize(String raw) {
        StringBuilder out = new StringBuilder(raw.length());
        for (int i = 0; i < raw.length(); i++) {
            char c = raw.charAt(i);
            if (Character.isWhitespace(c)) {
                continue;
            }
            if (c == '[') {
                // a[i][j] is a(i,j)
                if (out.length() > 0 && out.charAt(out.length() - 1) == ')') {
                    out.setCharAt(out.length() - 1, ',');
                } else {
                    out.append('(');
                }
            } else if (c == ']') {
                out.append(')');
            } else {
                out.append(Character.toLowerCase(c));
            }
        }
        return out.toString();
    }

    @Override
    public String toString() {
        return text;
    }
}
