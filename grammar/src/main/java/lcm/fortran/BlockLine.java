package lcm.fortran;

import lcm.annotation.Annotation;

/** What an input line of the block builder is, after classification: a statement, a directive, an annotation. */
sealed interface BlockLine permits BlockLine.StmtLine, BlockLine.DirectiveLine, BlockLine.RejectedDirectiveLine,
        BlockLine.AnnotationLine {

    LogicalLine line();

    record StmtLine(Stmt stmt) implements BlockLine {
        public LogicalLine line() {
            return stmt.line();
        }
    }

    record DirectiveLine(Directive directive) implements BlockLine {
        public LogicalLine line() {
            return directive.line();
        }
    }

    record AnnotationLine(LogicalLine line, Annotation annotation) implements BlockLine {
    }

    /** A directive lcm could not read (already reported): the closers after it are not reported again. */
    record RejectedDirectiveLine(LogicalLine line) implements BlockLine {
    }
}
