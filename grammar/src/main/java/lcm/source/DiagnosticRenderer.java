package lcm.source;

import java.util.List;

/**
 * Renders diagnostics the way compilers do:
 * <pre>
 * tp.f:12:7: unclosed 'parallel sections' (opened here, never ended)
 *   c*ksr* parallel sections
 *         ^
 * </pre>
 */
public final class DiagnosticRenderer {

    private final SourceRegistry sources;

    public DiagnosticRenderer(SourceRegistry sources) {
        this.sources = sources;
    }

    /** At most this many characters of a source line are shown, around the caret. */
    static final int WINDOW = 120;
    private static final String MORE = "...";

    public String render(Diagnostic d) {
        StringBuilder out = new StringBuilder(d.headline()).append('\n');
        d.location().ifPresent(at -> sources.line(at).ifPresent(line -> {
            int caret = Math.max(0, Math.min(at.column() - 1, line.length()));
            int from = 0;
            int to = line.length();
            if (line.length() > WINDOW) {
                from = Math.max(0, Math.min(caret - WINDOW / 2, line.length() - WINDOW));
                to = Math.min(line.length(), from + WINDOW);
            }
            String before = from > 0 ? MORE : "";
            String after = to < line.length() ? MORE : "";
            out.append("  ").append(before).append(printable(line.substring(from, to))).append(after).append('\n');
            out.append("  ").append(" ".repeat(before.length() + caret - from)).append("^\n");
        }));
        return out.toString();
    }

    /** Tabs as one blank (lcm counts a tab as one column), other control characters as '?'. */
    private static String printable(String s) {
        StringBuilder b = new StringBuilder(s.length());
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            b.append(c == '\t' ? ' ' : c < 0x20 || c == 0x7f ? '?' : c);
        }
        return b.toString();
    }

    /**
     * The diagnostics, at most {@value Diagnostics#LISTED} located ones of each severity shown (a
     * list not bounded by {@link Diagnostics}, too): the others counted on one last line. Lines
     * without a location (what {@link Diagnostics#sorted} says of the errors it only counted, or
     * of a reader that stopped) have a bound of their own, so that they are never crowded out.
     */
    public String render(List<Diagnostic> ds) {
        StringBuilder out = new StringBuilder();
        int[] shown = new int[4]; // error or warning, located or not
        int moreErrors = 0;
        int moreWarnings = 0;
        for (Diagnostic d : ds) {
            int kind = (d.isError() ? 0 : 2) + (d.location().isPresent() ? 0 : 1);
            if (shown[kind]++ < Diagnostics.LISTED) {
                out.append(render(d));
            } else if (d.isError()) {
                moreErrors++;
            } else {
                moreWarnings++;
            }
        }
        if (moreErrors > 0) {
            out.append(render(Diagnostic.error(Diagnostics.more(moreErrors, "error"))));
        }
        if (moreWarnings > 0) {
            out.append(render(Diagnostic.warning(Diagnostics.more(moreWarnings, "warning"))));
        }
        return out.toString();
    }
}
