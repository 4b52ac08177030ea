package lcm.javasrc;

import com.github.javaparser.Position;
import com.github.javaparser.ast.CompilationUnit;
import com.github.javaparser.ast.body.BodyDeclaration;
import com.github.javaparser.ast.body.CallableDeclaration;
import com.github.javaparser.ast.body.ConstructorDeclaration;
import com.github.javaparser.ast.body.FieldDeclaration;
import com.github.javaparser.ast.body.InitializerDeclaration;
import com.github.javaparser.ast.body.MethodDeclaration;
import com.github.javaparser.ast.body.TypeDeclaration;
import com.github.javaparser.ast.stmt.BlockStmt;
import lcm.annotation.Annotation;
import lcm.source.Diagnostics;
import lcm.structure.AttachRule;
import lcm.structure.Attached;
import lcm.structure.Construct;
import lcm.structure.Routine;

import java.util.ArrayList;
import java.util.List;

/**
 * Walks the classes of one file and makes a {@link Routine} of every method and constructor
 * with a body. Annotations written before a method (after the previous member) and inside its
 * header attach to the routine; annotations anywhere else outside method bodies are errors,
 * because there is nothing there for them to attach to.
 */
final class RoutineBuilder {

    private final JavaPositions positions;
    private final Diagnostics diagnostics;
    private final AnnotationQueue queue;
    private final MethodTable table;
    private final CompilationUnit unit;
    private final List<Routine> routines = new ArrayList<>();
    private final FunctionalArguments functional;

    RoutineBuilder(JavaPositions positions, Diagnostics diagnostics, AnnotationQueue queue, MethodTable table,
                   CompilationUnit unit) {
        this.positions = positions;
        this.diagnostics = diagnostics;
        this.queue = queue;
        this.table = table;
        this.unit = unit;
        this.functional = FunctionalArguments.of(table, unit, positions);
    }

    List<Routine> build() {
        Position previous = JavaPositions.startOfFile();
        for (TypeDeclaration<?> type : unit.getTypes()) {
            misplaced(queue.take(previous, JavaPositions.begin(type)), "a class declaration");
            members(type);
            previous = JavaPositions.end(type);
        }
        AttachRule.nothingToAttach(diagnostics, queue.rest(), "the end of the file");
        routines.addAll(functional.lambdas());
        return routines;
    }

    private void members(TypeDeclaration<?> type) {
        Position previous = JavaPositions.begin(type);
        for (BodyDeclaration<?> member : type.getMembers()) {
            List<Annotation> before = queue.take(previous, JavaPositions.begin(member));
            if (member instanceof MethodDeclaration m && m.getBody().isPresent()) {
                routine(m, m.getBody().get(), before);
            } else if (member instanceof ConstructorDeclaration c) {
                routine(c, c.getBody(), before);
            } else if (member instanceof TypeDeclaration<?> nested) {
                misplaced(before, "a class declaration");
                members(nested);
            } else {
                String what = member instanceof FieldDeclaration ? "a field declaration"
                        : member instanceof InitializerDeclaration ? "an initializer block"
                        : member instanceof MethodDeclaration ? "a method without a body" : "this declaration";
                misplaced(before, what);
                misplaced(queue.take(JavaPositions.begin(member), JavaPositions.end(member)), what);
            }
            previous = JavaPositions.end(member);
        }
        AttachRule.nothingToAttach(diagnostics, queue.take(previous, JavaPositions.end(type)),
                "the end of " + (type.isEnumDeclaration() ? "enum " : type.isRecordDeclaration() ? "record " : "class ")
                        + type.getNameAsString());
    }

    private void misplaced(List<Annotation> annotations, String what) {
        AttachRule.cannotAttach(diagnostics, annotations, what);
    }

    private void routine(CallableDeclaration<?> declaration, BlockStmt body, List<Annotation> before) {
        MethodTable.MethodInfo info = table.method(declaration).orElseThrow();
        List<Annotation> attached = new ArrayList<>(before);
        attached.addAll(queue.take(JavaPositions.begin(declaration), JavaPositions.begin(body)));
        List<Annotation> kept = new ArrayList<>();
        for (Annotation a : attached) {
            if (AttachRule.actsInPlace(a)) {
                AttachRule.notBetweenStatements(diagnostics, a, "before a method");
            } else {
                kept.add(a);
            }
        }
        VariableScope scope = VariableScope.of(table, info.owner(), declaration);
        CallResolver resolver = new CallResolver(table, info.owner(), scope, unit, positions, diagnostics);
        BodyContext ctx = new BodyContext(positions, diagnostics, queue, table, info.owner(), info.routine(), scope,
                resolver, functional);
        List<Construct> constructs = ctx.block(body);
        List<String> parameters = declaration.getParameters().stream().map(p -> p.getNameAsString()).toList();
        routines.add(new Routine(info.routine(), info.kind(), positions.span(declaration), new Attached(kept),
                constructs, scope.declarations(positions), parameters, info.owner().simpleName()));
    }
}
