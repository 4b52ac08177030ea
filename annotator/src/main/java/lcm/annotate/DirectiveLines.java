package lcm.annotate;

import java.util.Locale;

/**
 * Finds the OpenMP directive that makes a Fortran {@code do} loop parallel
 * ({@code !$omp parallel do}, {@code c$omp do}, with continuation lines), so that model lines
 * go before the directive rather than between it and its loop. Only lcm annotation lines may
 * stand between the directive and the {@code do}.
 */
final class DirectiveLines {

    private DirectiveLines() {
    }

    /** The first line of the directive right above the {@code do} at {@code line}, or {@code line} if there is none. */
    static int start(SourceLines source, int line, CommentStyle style) {
        int i = line - 1;
        while (i >= 1 && isAnnotation(source.line(i), style)) {
            i--;
        }
        if (i < 1 || !isOmp(source.line(i), style)) {
            return line;
        }
        if (style == CommentStyle.FIXED) {
            while (i > 1 && fixedContinuation(source.line(i)) && isOmp(source.line(i - 1), style)) {
                i--;
            }
        } else {
            while (i > 1 && isOmp(source.line(i - 1), style) && endsWithAmpersand(source.line(i - 1))) {
                i--;
            }
        }
        return i;
    }

    private static boolean isAnnotation(String line, CommentStyle style) {
        String low = line.toLowerCase(Locale.ROOT);
        if (style == CommentStyle.FIXED && low.length() >= 6 && "c*!".indexOf(low.charAt(0)) >= 0
                && low.startsWith("*lcm*", 1)) {
            return true;
        }
        return low.strip().startsWith("!lcm$");
    }

    private static boolean isOmp(String line, CommentStyle style) {
        String low = line.toLowerCase(Locale.ROOT);
        if (style == CommentStyle.FIXED && low.length() >= 5 && "c*!".indexOf(low.charAt(0)) >= 0
                && low.startsWith("$omp", 1)) {
            return true;
        }
        return low.strip().startsWith("!$omp");
    }

    /** Fixed form: a non-blank, non-zero column 6 continues the directive above. */
    private static boolean fixedContinuation(String line) {
        return line.length() > 5 && line.charAt(5) != ' ' && line.charAt(5) != '0';
    }

    private static boolean endsWithAmpersand(String line) {
        int bang = line.indexOf('!', line.toLowerCase(Locale.ROOT).indexOf("!$omp") + 5);
        String code = bang < 0 ? line : line.substring(0, bang);
        return code.stripTrailing().endsWith("&");
    }
}
