package lcm.fortran;

import lcm.annotation.Annotation;
import lcm.annotation.AnnotationReader;
import lcm.antlr.Parsed;
import lcm.source.Diagnostics;
import lcm.source.SourceRegistry;
import lcm.source.SourceText;
import lcm.structure.ParsedFile;

import java.util.ArrayList;
import java.util.List;

/**
 * The Fortran-style front end (docs/fortran.md): line layer, statement grammar, directives and
 * annotations, then the block builder. Problems go to the diagnostics; the result is always
 * a {@link ParsedFile}, possibly partial.
 */
public final class FortranFrontend {

    private FortranFrontend() {
    }

    /**
     * One file read as {@code options} say; {@code sources} keeps the texts of it and its
     * {@code include} files for messages.
     */
    public static ParsedFile parse(SourceText text, SourceRegistry sources, FortranOptions options,
                                   Diagnostics diagnostics) {
        sources.register(text);
        SourceForm form = options.form().orElse(SourceForm.of(text.path()));
        LineLayer layer = new LineLayer(sources, diagnostics, options);
        FortranBlockBuilder builder = new FortranBlockBuilder(text.path(), diagnostics);
        // the lines go to the builder a part at a time, as they are read: a part's objects die
        // young, where the whole file's lines kept alive at once cost the collector more than
        // reading them (docs/bench.md)
        List<LogicalLine> part = new ArrayList<>(PART);
        layer.logicalLines(text, form, l -> {
            part.add(l);
            if (part.size() == PART) {
                builder.add(blockLines(part, layer, options, diagnostics));
                part.clear();
            }
        });
        builder.add(blockLines(part, layer, options, diagnostics));
        builder.finish();
        ParsedFile.Language language = form == SourceForm.FIXED ? ParsedFile.Language.FORTRAN_FIXED
                : ParsedFile.Language.FORTRAN_FREE;
        return new ParsedFile(text.path(), language, builder.routines(), builder.fileLevel(), builder.constants());
    }

    /** Logical lines handed to the structure builder at a time. */
    private static final int PART = 8192;

    /** Consecutive logical lines as the block builder reads them: statements classified, directives and annotations read. */
    private static List<BlockLine> blockLines(List<LogicalLine> logical, LineLayer layer, FortranOptions options,
                                              Diagnostics diagnostics) {
        List<LogicalLine> statementLines = new ArrayList<>();
        for (LogicalLine l : logical) {
            if (l.kind() == LogicalLine.Kind.STATEMENT) {
                statementLines.add(l);
            }
        }
        List<Stmt> statements = StatementClassifier.classify(statementLines,
                l -> TruncatedStatements.isCut(l, layer.truncated()), diagnostics);
        if (!layer.truncated().isEmpty()) {
            statements = TruncatedStatements.report(statements, layer.truncated(), options.lineLength(), diagnostics);
        }
        List<BlockLine> lines = new ArrayList<>(logical.size());
        int next = 0;
        for (LogicalLine l : logical) {
            switch (l.kind()) {
                case STATEMENT -> lines.add(new BlockLine.StmtLine(statements.get(next++)));
                case DIRECTIVE -> {
                    Directive directive = DirectiveReader.read(l, diagnostics);
                    lines.add(directive != null ? new BlockLine.DirectiveLine(directive)
                            : new BlockLine.RejectedDirectiveLine(l));
                }
                case ANNOTATION -> {
                    Parsed<Annotation> a = AnnotationReader.annotation(caseless(l.text()), l.origin());
                    diagnostics.addAll(a.problems());
                    a.value().ifPresent(ann -> lines.add(new BlockLine.AnnotationLine(l, ann)));
                }
            }
        }
        return lines;
    }

    /**
     * Fortran names are case-insensitive and lcm keeps them in lower case: an annotation in an
     * upper-case code ({@code C*LCM* MODEL: LI = N*LOG(P)}) means {@code n} and {@code p}. Two
     * exceptions: the name {@code T} alone, which {@code vars:} reserves for the number of
     * tasks, and the file name of {@code measured-in:}. ASCII only, so offsets do not move.
     */
    static String caseless(String annotation) {
        if (annotation.stripLeading().regionMatches(true, 0, "measured", 0, 8)) {
            return annotation;
        }
        char[] c = annotation.toCharArray();
        for (int i = 0; i < c.length; i++) {
            boolean loneT = c[i] == 'T' && (i == 0 || !isNameChar(c[i - 1])) && (i + 1 == c.length || !isNameChar(c[i + 1]));
            if (c[i] >= 'A' && c[i] <= 'Z' && !loneT) {
                c[i] = (char) (c[i] + ('a' - 'A'));
            }
        }
        return new String(c);
    }

    private static boolean isNameChar(char c) {
        return Character.isLetterOrDigit(c) || c == '_';
    }
}
