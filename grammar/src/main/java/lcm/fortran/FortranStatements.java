package lcm.fortran;

import lcm.source.Diagnostics;
import lcm.source.SourceRegistry;
import lcm.source.SourceText;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The statements, directives and annotation lines of one Fortran file, one entry per logical
 * line of that file (not of the files it includes), each with its physical lines and label and
 * what kind of statement it is: what a tool that rewrites the file by lines needs (lcm measure's
 * instrumented copy, docs/measure.md). The same line layer and statement grammar as the front end.
 */
public final class FortranStatements {

    /** What a line is, as far as where code may be put around it matters. */
    public enum Kind {
        /** program, subroutine, function, module, block data */
        UNIT,
        /** the end of a program unit */
        END_UNIT,
        CONTAINS,
        /** a do, do while, do concurrent or bare do (an infinite loop) */
        DO,
        END_DO,
        CONTINUE,
        RETURN,
        /** {@code if (cond) statement}: {@link Statement#inner()} is the statement */
        LOGICAL_IF,
        /** declarations, parameter, data, format, implicit, use, interface blocks, type definitions, ... */
        SPECIFICATION,
        /** any other executable statement (its text tells goto, exit, cycle, stop, ...) */
        EXECUTABLE,
        /** a directive line ({@code !$omp ...}, {@code c*ksr* ...}): text after the sentinel */
        DIRECTIVE,
        /** an lcm annotation line */
        ANNOTATION
    }

    /**
     * @param firstLine first physical line
     * @param lastLine  last physical line (continuations)
     * @param label     the statement label, "" if none
     * @param text      the statement with continuations joined, label and comments removed
     *                  (directives: the text after the sentinel)
     * @param doLabel   a labelled DO's terminal label, "" otherwise
     * @param omp       whether a directive is an OpenMP one
     */
    public record Statement(Kind kind, int firstLine, int lastLine, String label, String text, String doLabel,
                            Optional<Statement> inner, boolean omp) {
    }

    private FortranStatements() {
    }

    /** The lines of {@code text} (in form) as statements, in order; includes are read but their lines left out. */
    public static List<Statement> of(SourceText text, SourceForm form) {
        SourceRegistry registry = new SourceRegistry();
        registry.register(text);
        Diagnostics ignored = new Diagnostics(); // the front end reports them when it reads the file
        LineLayer layer = new LineLayer(registry, ignored, FortranOptions.DEFAULT);
        List<LogicalLine> all = layer.logicalLines(text, form);
        List<LogicalLine> statementLines = new ArrayList<>();
        for (LogicalLine l : all) {
            if (l.kind() == LogicalLine.Kind.STATEMENT) {
                statementLines.add(l);
            }
        }
        List<Stmt> classified = StatementClassifier.classify(statementLines,
                l -> TruncatedStatements.isCut(l, layer.truncated()), ignored);
        List<Statement> out = new ArrayList<>();
        int next = 0;
        int interfaces = 0; // the units declared in an interface block are specifications of the unit around it
        for (LogicalLine l : all) {
            Statement s = switch (l.kind()) {
                case STATEMENT -> {
                    Stmt stmt = classified.get(next++);
                    if (stmt.kind() == Stmt.Kind.INTERFACE) {
                        interfaces++;
                    } else if (stmt.kind() == Stmt.Kind.END_INTERFACE) {
                        interfaces = Math.max(0, interfaces - 1);
                    }
                    Statement x = statement(stmt);
                    yield interfaces > 0 || stmt.kind() == Stmt.Kind.END_INTERFACE ? new Statement(Kind.SPECIFICATION,
                            x.firstLine(), x.lastLine(), x.label(), x.text(), "", Optional.empty(), false) : x;
                }
                case DIRECTIVE -> new Statement(Kind.DIRECTIVE, l.at().line(), l.lastLine(), "", l.text(), "",
                        Optional.empty(), l.sentinel() == LogicalLine.Sentinel.OMP);
                case ANNOTATION -> new Statement(Kind.ANNOTATION, l.at().line(), l.lastLine(), "", l.text(), "",
                        Optional.empty(), false);
            };
            if (l.at().file().equals(text.path())) {
                out.add(s);
            }
        }
        return out;
    }

    private static Statement statement(Stmt s) {
        LogicalLine l = s.line();
        Kind kind = switch (s.kind()) {
            case PROGRAM, SUBROUTINE, FUNCTION, MODULE, BLOCK_DATA -> Kind.UNIT;
            case END_UNIT, END -> Kind.END_UNIT;
            case CONTAINS -> Kind.CONTAINS;
            case DO, DO_WHILE, DO_FOREVER -> Kind.DO;
            case END_DO -> Kind.END_DO;
            case CONTINUE -> Kind.CONTINUE;
            case RETURN -> Kind.RETURN;
            case LOGICAL_IF -> Kind.LOGICAL_IF;
            case DECLARATION, PARAMETER, NON_EXECUTABLE, INTERFACE, END_INTERFACE, TYPE_DEF, END_TYPE ->
                    Kind.SPECIFICATION;
            default -> Kind.EXECUTABLE;
        };
        return new Statement(kind, l.at().line(), l.lastLine(), l.label(), l.text(), s.doLabel(),
                s.inner().map(FortranStatements::statement), false);
    }
}
