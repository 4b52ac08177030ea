package lcm.source;

/**
 * The bad values of one line, reported as one error: the first, with how many more the line
 * holds. A 700 KB line of bad values is one diagnostic, not 100,000 copies of the line.
 */
public final class LineErrors {

    private final Diagnostics diagnostics;
    private SourceLocation at;
    private String message;
    private int more;

    public LineErrors(Diagnostics diagnostics) {
        this.diagnostics = diagnostics;
    }

    public void error(SourceLocation where, String text) {
        if (at == null) {
            at = where;
            message = text;
        } else {
            more++;
        }
    }

    public boolean any() {
        return at != null;
    }

    /** Reports the line's error, if any, and starts over. */
    public void flush() {
        if (at != null) {
            diagnostics.error(at, message + (more == 0 ? "" : " (and " + more + " more bad value" + (more == 1 ? "" : "s")
                    + " on this line)"));
        }
        at = null;
        message = null;
        more = 0;
    }
}
