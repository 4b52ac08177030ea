package lcm.annotate;

import lcm.structure.ParsedFile;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * How model lines look in each kind of source: {@code c*lcm* model: ...} from column 1 in
 * fixed-form Fortran (where text past column 72 is ignored, so lines must end by it; columns
 * 73-80 may hold card sequence numbers),
 * {@code !lcm$ model: ...} in free form and {@code //@lcm model: ...} in Java, both indented
 * like the construct they precede. A model line being replaced keeps its own lead-in (the
 * sentinel's case, indentation and blanks) when it is a whole-line annotation of this style.
 */
enum CommentStyle {
    FIXED("c*lcm* ", "^([cC*!]\\*[lL][cC][mM]\\*\\s*|\\s*![lL][cC][mM]\\$\\s*)"),
    FREE("!lcm$ ", "^(\\s*![lL][cC][mM]\\$\\s*)"),
    JAVA("//@lcm ", "^(\\s*//\\s*@lcm\\s+)");

    private final String sentinel;
    private final Pattern modelLine;
    private final Pattern annotationLine;

    CommentStyle(String sentinel, String leadIn) {
        this.sentinel = sentinel;
        this.modelLine = Pattern.compile(leadIn + "([mM][oO][dD][eE][lL]\\s*:.*|[fF][iI][tT][tT][eE][dD]-[oO][nN]\\s*:.*"
                + "|(?i:contention)\\s*:.*)$");
        this.annotationLine = Pattern.compile(leadIn + ".*$");
    }

    static CommentStyle of(ParsedFile.Language language) {
        return switch (language) {
            case FORTRAN_FIXED -> FIXED;
            case FORTRAN_FREE -> FREE;
            case JAVA -> JAVA;
        };
    }

    /**
     * The last column an annotation line may use (text past it is not read): the line length
     * fixed form is read with ({@code fixedLineLength}, 72 unless {@code --line-length} says
     * otherwise), no limit in free form and Java.
     */
    int columns(int fixedLineLength) {
        return this == FIXED ? fixedLineLength : Integer.MAX_VALUE;
    }

    /** Whether {@code line} is an annotation line of this style (a continuation line among them). */
    boolean isAnnotationLine(String line) {
        return annotationLine.matcher(line).matches();
    }

    /** Whether {@code line} is a model (or fitted-on, or contention) annotation and nothing else: a line annotate may replace. */
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
