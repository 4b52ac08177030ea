package lcm.javasrc;

import com.github.javaparser.ast.Node;
import com.github.javaparser.ast.body.CallableDeclaration;
import com.github.javaparser.ast.body.Parameter;
import com.github.javaparser.ast.body.VariableDeclarator;
import com.github.javaparser.ast.expr.ArrayCreationExpr;
import com.github.javaparser.ast.expr.ArrayInitializerExpr;
import com.github.javaparser.ast.expr.Expression;
import com.github.javaparser.ast.expr.ObjectCreationExpr;
import com.github.javaparser.ast.type.ArrayType;
import com.github.javaparser.ast.type.ClassOrInterfaceType;
import com.github.javaparser.ast.type.PrimitiveType;
import com.github.javaparser.ast.type.Type;
import lcm.expr.Expr;
import lcm.structure.Declaration;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The variables a method can see, by name: fields of its class, superclasses and enclosing
 * classes, its parameters, and every local variable and lambda parameter declared in it (one
 * scope per method: shadowing inside a method is not modelled). Gives the declared types that
 * call resolution needs and the {@link Declaration}s that size data items.
 *
 * <p>Array extents are listed fastest-varying first, as Fortran declares them: Java's
 * {@code new double[itors][2][n][n]} has extents {@code (n, n, 2, itors)}, so {@code a[k]}
 * (DataItem {@code a(k)}) indexes the last extent in both languages.
 */
final class VariableScope {

    private record Variable(String name, Type type, Optional<Expression> initializer, Node declaredAt) {
    }

    private final Map<String, Variable> variables = new LinkedHashMap<>();

    private VariableScope() {
    }

    static VariableScope of(MethodTable table, MethodTable.ClassInfo owner, CallableDeclaration<?> method) {
        VariableScope s = new VariableScope();
        List<MethodTable.ClassInfo> classes = new ArrayList<>(table.lexicalScope(owner));
        Collections.reverse(classes); // outermost first: inner declarations win
        for (MethodTable.ClassInfo c : classes) {
            for (VariableDeclarator v : table.fields(c)) {
                s.add(v.getNameAsString(), v.getType(), v.getInitializer(), v);
            }
        }
        for (Parameter p : method.getParameters()) {
            s.add(p.getNameAsString(), p.getType(), Optional.empty(), p);
        }
        for (VariableDeclarator v : method.findAll(VariableDeclarator.class)) {
            s.add(v.getNameAsString(), v.getType(), v.getInitializer(), v);
        }
        for (Parameter p : method.findAll(Parameter.class)) {
            if (!p.getType().isUnknownType()) {
                s.add(p.getNameAsString(), p.getType(), Optional.empty(), p);
            }
        }
        return s;
    }

    private void add(String name, Type type, Optional<Expression> initializer, Node at) {
        variables.put(name, new Variable(name, type, initializer, at));
    }

    boolean isVariable(String name) {
        return variables.containsKey(name);
    }

    /**
     * The simple name of the class a variable is declared with ({@code List} for
     * {@code List<Future<?>>}; for {@code var}, the class its initializer creates).
     */
    /** The element class of an array variable ({@code Runnable[] r} gives {@code Runnable}). */
    Optional<String> elementClassName(String variable) {
        Variable v = variables.get(variable);
        if (v != null && v.type() instanceof ArrayType a
                && a.getElementType() instanceof ClassOrInterfaceType c) {
            return Optional.of(c.getNameAsString());
        }
        return Optional.empty();
    }

    Optional<String> className(String variable) {
        Variable v = variables.get(variable);
        if (v == null) {
            return Optional.empty();
        }
        if (v.type() instanceof ClassOrInterfaceType c) {
            return Optional.of(c.getNameAsString());
        }
        if (v.type().isVarType() && v.initializer().orElse(null) instanceof ObjectCreationExpr o) {
            return Optional.of(o.getType().getNameAsString());
        }
        return Optional.empty();
    }

    /** The type arguments of a variable's declared type as written: {@code Callable<Void>} for {@code List<Callable<Void>>}. */
    List<String> typeArguments(String variable) {
        Variable v = variables.get(variable);
        if (v != null && v.type() instanceof ClassOrInterfaceType c && c.getTypeArguments().isPresent()) {
            return c.getTypeArguments().get().stream().map(Type::asString).toList();
        }
        return List.of();
    }

    /** A variable's declared type as written ({@code List<Integer>}, {@code double[]}). */
    Optional<String> typeText(String variable) {
        Variable v = variables.get(variable);
        return v == null || v.type().isVarType() ? Optional.empty() : Optional.of(v.type().asString());
    }

    /** Declarations of every variable, for sizing data items. */
    Map<String, Declaration> declarations(JavaPositions positions) {
        Map<String, Declaration> out = new LinkedHashMap<>();
        for (Variable v : variables.values()) {
            out.put(v.name(), declaration(v, positions));
        }
        return out;
    }

    private static Declaration declaration(Variable v, JavaPositions positions) {
        Type element = v.type().getElementType();
        int rank = v.type().getArrayLevel();
        if (v.declaredAt() instanceof Parameter p && p.isVarArgs()) {
            rank++;
        }
        List<Optional<Expr>> extents = new ArrayList<>();
        Expression init = v.initializer().orElse(null);
        if (init instanceof ArrayCreationExpr a) {
            for (var level : a.getLevels()) {
                extents.add(level.getDimension().flatMap(JavaExpressions::read));
            }
        } else if (init instanceof ArrayInitializerExpr a) {
            extents.add(Optional.of(Expr.num(a.getValues().size())));
        }
        while (extents.size() < rank) {
            extents.add(Optional.empty());
        }
        List<Optional<Expr>> fastestFirst = new ArrayList<>(extents.subList(0, rank));
        Collections.reverse(fastestFirst);
        return new Declaration(v.name(), element.asString(), bytes(element), fastestFirst, positions.at(v.declaredAt()));
    }

    private static Optional<Integer> bytes(Type element) {
        if (!(element instanceof PrimitiveType p)) {
            return Optional.empty();
        }
        return Optional.of(switch (p.getType()) {
            case BOOLEAN, BYTE -> 1;
            case CHAR, SHORT -> 2;
            case INT, FLOAT -> 4;
            case LONG, DOUBLE -> 8;
        });
    }
}
