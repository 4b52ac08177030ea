package lcm.values;

import lcm.source.UserError;

import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;

/**
 * A command line given as one string (lcm measure --build, lcm plan --structure): split into
 * words as a POSIX shell splits them (blanks; single and double quotes; backslashes; nothing
 * expanded), and words joined back into a line a shell reads as the same words.
 */
public final class ShellWords {

    private ShellWords() {
    }

    /** The words of {@code line}; an unbalanced quote is a user error naming {@code option}. */
    public static List<String> split(String line, String option) {
        List<String> out = new ArrayList<>();
        StringBuilder w = new StringBuilder();
        boolean inWord = false;
        char quote = 0;
        for (int i = 0; i < line.length(); i++) {
            char c = line.charAt(i);
            if (quote == '\'') {
                if (c == '\'') {
                    quote = 0;
                } else {
                    w.append(c);
                }
            } else if (quote == '"') {
                if (c == '"') {
                    quote = 0;
                } else if (c == '\\' && i + 1 < line.length() && "\"\\$`".indexOf(line.charAt(i + 1)) >= 0) {
                    w.append(line.charAt(++i));
                } else {
                    w.append(c);
                }
            } else if (c == '\'' || c == '"') {
                quote = c;
                inWord = true;
            } else if (c == '\\' && i + 1 < line.length()) {
                w.append(line.charAt(++i));
                inWord = true;
            } else if (Character.isWhitespace(c)) {
                if (inWord) {
                    out.add(w.toString());
                    w.setLength(0);
                    inWord = false;
                }
            } else {
                w.append(c);
                inWord = true;
            }
        }
        if (quote != 0) {
            throw UserError.of(option + ": unbalanced " + quote + " in '" + line + "'");
        }
        if (inWord) {
            out.add(w.toString());
        }
        return out;
    }

    /** The words as one line, each quoted where a shell would otherwise split or expand it. */
    public static String join(List<String> words) {
        return words.stream().map(ShellWords::quote).collect(Collectors.joining(" "));
    }

    /** One word as a shell reads it back: as it is when plain, else in single quotes. */
    public static String quote(String w) {
        if (!w.isEmpty() && w.matches("[A-Za-z0-9_@%+=:,./{}^-]+")) {
            return w;
        }
        return "'" + w.replace("'", "'\\''") + "'";
    }
}
