package lcm.annotate;

import lcm.structure.ParsedFile;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * How model lines look in each kind of source: {@code c*lcm* model: ...} from column 1 in
 * fixed-form Fortran (where text past column 72 is ignored, so lines must end by it),
 * {@code !lcm$ model: ...} in free form and {@code //@lcm model: ...} in Java, both indented
 * like the construct they precede. A model line being replaced keeps its own lead-in (the
 * sentinel's case, indentation and blanks) when it is a whole-line annotation of this style.
 */
enum CommentStyle {
    FIXED("c*lcm* ", Pattern.compile("^([cC*!]\\*[lL][cC][mM]\\*\\s*|\\s*![lL][cC][mM]\\$\\s*)([mM][oO][dD][eE][lL]\\s*:.*|[fF][iI][tT][tT][eE][dD]-[oO][nN]\\s*:.*)$"),
            72),
    FREE("!lcm$ ", Pattern.compile("^(\\s*![lL][cC][mM]\\$\\s*)([mM][oO][dD][eE][lL]\\s*:.*|[fF][iI][tT][tT][eE][dD]-[oO][nN]\\s*:.*)$"), Integer.MAX_VALUE),
    JAVA("//@lcm ", Pattern.compile("^(\\s*//\\s*@lcm\\s+)([mM][oO][dD][eE][lL]\\s*:.*|[fF][iI][tT][tT][eE][dD]-[oO][nN]\\s*:.*)$"), Integer.MAX_VALUE);

    private final String sentinel;
    private final Pattern modelLine;
    private final int columns;

    CommentStyle(String sentinel, Pattern modelLine, int columns) {
        this.sentinel = sentinel;
        this.modelLine = modelLine;
        this.columns = columns;
    }

    static CommentStyle of(ParsedFile.Language language) {
        return switch (language) {
            case FORTRAN_FIXED -> FIXED;
            case FORTRAN_FREE -> FREE;
            case JAVA -> JAVA;
        };
    }

    /** The last column a model line may use (text past it is not read). */
    int columns() {
        return columns;
    }

    /** Whether {@code line} is a model (or fitted-on) annotation and nothing else: a line annotate may replace. */
    boolean isModelLine(String line) {
        return modelLine.matcher(line).matches();
    }

    /** The lead-in of a model line (up to the word {@code model}), or null if it is not one. */
    String leadIn(String line) {
        Matcher m = modelLine.matcher(line);
        return m.matches() ? m.group(1) : null;
    }

    /** The lead-in of a new model line before a construct indented by {@code indent}. */
    String newLeadIn(String indent) {
        return this == FIXED ? sentinel : indent + sentinel;
    }

    /** The leading blanks and tabs of {@code line}. */
    static String indentOf(String line) {
        int i = 0;
        while (i < line.length() && (line.charAt(i) == ' ' || line.charAt(i) == '\t')) {
            i++;
        }
        return line.substring(0, i);
    }
}
