package lcm.javasrc;

import com.github.javaparser.ast.body.FieldDeclaration;
import com.github.javaparser.ast.body.VariableDeclarator;
import lcm.annotation.AnnotationReader;
import lcm.antlr.Parsed;
import lcm.antlr.TextOrigin;
import lcm.expr.Expr;
import lcm.source.Diagnostic;
import com.github.javaparser.JavaParser;
import com.github.javaparser.ParseResult;
import com.github.javaparser.ParserConfiguration;
import com.github.javaparser.ast.CompilationUnit;
import com.github.javaparser.ast.comments.Comment;
import com.github.javaparser.ast.expr.LambdaExpr;
import lcm.annotation.Annotation;
import lcm.source.Diagnostics;
import lcm.source.SourceRegistry;
import lcm.source.SourceText;
import lcm.structure.ParsedFile;
import lcm.structure.Routine;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;

/**
 * The Java front end (docs/java-frontend.md; rules in docs/java-frontend.md): parses a file with
 * javaparser, reads the {@code @lcm} annotations out of all its comments, and turns every
 * method and constructor into a {@link Routine} of language-neutral constructs at once, so
 * javaparser's mutable tree never leaves this package. Problems go to the diagnostics; a
 * file with Java syntax errors gives no routines.
 */
public final class JavaFrontend {

    private JavaFrontend() {
    }

    /** One file's text; {@code sources} keeps it for messages. */
    public static ParsedFile parse(SourceText text, SourceRegistry sources, Diagnostics diagnostics) {
        sources.register(text);
        JavaPositions positions = new JavaPositions(text.path());
        ParserConfiguration config = ParserSetup.configuration();
        Optional<Diagnostic> early = JavaTextCheck.check(text);
        if (early.isPresent()) {
            diagnostics.add(early.get());
            return new ParsedFile(text.path(), ParsedFile.Language.JAVA, List.of(), List.of(), Map.of());
        }
        ParseResult<CompilationUnit> result = new JavaParser(config).parse(text.text());
        if (!result.isSuccessful() || result.getResult().isEmpty()) {
            diagnostics.addAll(JavaSyntaxErrors.of(result.getProblems(), positions));
            return new ParsedFile(text.path(), ParsedFile.Language.JAVA, List.of(), List.of(), Map.of());
        }
        CompilationUnit unit = result.getResult().get();
        for (LambdaExpr l : unit.findAll(LambdaExpr.class)) {
            if (l.getBody().getRange().isEmpty()) {
                // javaparser reads the statement "();" as a lambda with a body it made up; javac refuses it
                diagnostics.error(positions.at(l), "not a statement: '()' without '->' and a body");
                return new ParsedFile(text.path(), ParsedFile.Language.JAVA, List.of(), List.of(), Map.of());
            }
        }
        Collection<Comment> comments = result.getCommentsCollection()
                .map(c -> (Collection<Comment>) c.getComments()).orElseGet(unit::getAllContainedComments);
        List<Annotation> fileLevel = new ArrayList<>();
        List<Annotation> placed = new ArrayList<>();
        for (Annotation a : new AnnotationComments(positions, diagnostics).read(comments)) {
            (a.isFileLevel() ? fileLevel : placed).add(a);
        }
        MethodTable table = MethodTable.of(unit);
        List<Routine> routines = new RoutineBuilder(positions, diagnostics, new AnnotationQueue(placed), table, unit)
                .build();
        return new ParsedFile(text.path(), ParsedFile.Language.JAVA, routines, fileLevel, constants(unit));
    }

    /**
     * {@code static final} fields of a number type whose initializer is an expression lcm can
     * read ({@code static final int n = 256;}): default values of the variables of the same name.
     */
    private static Map<String, Expr> constants(CompilationUnit unit) {
        Map<String, Expr> out = new LinkedHashMap<>();
        for (FieldDeclaration f : unit.findAll(FieldDeclaration.class)) {
            if (!f.isStatic() || !f.isFinal()) {
                continue;
            }
            for (VariableDeclarator v : f.getVariables()) {
                if (!v.getType().isPrimitiveType() || v.getInitializer().isEmpty()) {
                    continue;
                }
                String init = v.getInitializer().get().toString().replaceAll("(?<=\\d)[lLdDfF]\\b", "");
                Parsed<Expr> e = AnnotationReader.expression(init,
                        TextOrigin.synthetic("<constant>"));
                if (e.isOk()) {
                    out.putIfAbsent(v.getNameAsString(), e.value().get());
                }
            }
        }
        return out;
    }
}
