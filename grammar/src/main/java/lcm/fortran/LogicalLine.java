package lcm.fortran;

import lcm.antlr.TextOrigin;
import lcm.source.SourceLocation;

/**
 * One logical line after the line layer: a statement (continuations joined, label and
 * comments removed), a directive (text after the {@code c*ksr*} or {@code !$omp} sentinel),
 * or an annotation (text after {@code c*lcm*} or {@code !lcm$}).
 *
 * @param label    the statement label ("" if none)
 * @param lastLine the last physical line the logical line covers (in {@code at.file()})
 */
public record LogicalLine(Kind kind, Sentinel sentinel, String text, String label, SourceLocation at, int lastLine,
                          TextOrigin origin) {

    public enum Kind { STATEMENT, DIRECTIVE, ANNOTATION }

    /** Which directive family a directive belongs to (NONE for statements and annotations). */
    public enum Sentinel { NONE, KSR, OMP, HPF, LCM }
}
