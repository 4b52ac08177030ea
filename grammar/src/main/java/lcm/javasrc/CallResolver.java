package lcm.javasrc;

import com.github.javaparser.ast.CompilationUnit;
import com.github.javaparser.ast.Node;
import com.github.javaparser.ast.ImportDeclaration;
import com.github.javaparser.ast.expr.CastExpr;
import com.github.javaparser.ast.expr.EnclosedExpr;
import com.github.javaparser.ast.expr.Expression;
import com.github.javaparser.ast.expr.FieldAccessExpr;
import com.github.javaparser.ast.expr.MethodCallExpr;
import com.github.javaparser.ast.expr.MethodReferenceExpr;
import com.github.javaparser.ast.expr.NameExpr;
import com.github.javaparser.ast.expr.ObjectCreationExpr;
import com.github.javaparser.ast.expr.SuperExpr;
import com.github.javaparser.ast.expr.ThisExpr;
import com.github.javaparser.ast.expr.TypeExpr;
import com.github.javaparser.ast.nodeTypes.NodeWithArguments;
import com.github.javaparser.resolution.types.ResolvedType;
import lcm.source.Diagnostics;
import lcm.structure.RoutineIndex;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Decides which calls are calls of routines (docs/java-frontend.md#4-routines-and-calls), without a type checker:
 * <ul>
 * <li>an unqualified call {@code f(x)} looks in the calling class, its superclasses and its
 *     enclosing classes declared in this file;</li>
 * <li>{@code this.f()}, {@code super.f()}, {@code C.f()} and {@code new C().f()} look in class C;</li>
 * <li>{@code v.f()} looks in the class variable {@code v} is declared with, when that class is
 *     declared in this file; a variable of any other type ({@code list.add(x)}) is a library call;</li>
 * <li>{@code Other.f()} with {@code Other} a class that is neither in this file nor in the JDK
 *     is a call of the routine named {@code f}, resolved across files by the DAG builder;</li>
 * <li>{@code new C(...)} calls C's constructor when C declares one.</li>
 * </ul>
 * Overloads are told apart by their number of arguments, then by the argument types that
 * can be read off the call ({@link ArgumentTypes}); when several remain, the first declared is
 * taken and a warning says so. Calls of {@code compute()} on fork/join tasks are
 * the task's recursive splitting, not calls (see {@link TaskPatterns}).
 */
final class CallResolver {

    private final MethodTable table;
    private final MethodTable.ClassInfo owner;
    private final VariableScope scope;
    private final CompilationUnit unit;
    private final JavaPositions positions;
    private final Diagnostics diagnostics;
    private final ArgumentTypes argumentTypes;

    CallResolver(MethodTable table, MethodTable.ClassInfo owner, VariableScope scope, CompilationUnit unit,
                 JavaPositions positions, Diagnostics diagnostics) {
        this.table = table;
        this.owner = owner;
        this.scope = scope;
        this.unit = unit;
        this.positions = positions;
        this.diagnostics = diagnostics;
        this.argumentTypes = new ArgumentTypes(scope);
    }

    /** The routine {@code call} calls, if it calls one of the given sources. */
    Optional<String> routine(MethodCallExpr call) {
        String name = call.getNameAsString();
        int arity = call.getArguments().size();
        if (call.getScope().isEmpty()) {
            Optional<String> here = pick(table.resolve(name, table.lexicalScope(owner), arity), call);
            return here.isPresent() ? here : staticImport(name);
        }
        Expression receiver = call.getScope().get();
        Optional<MethodTable.ClassInfo> c = receiverClass(receiver);
        if (c.isPresent()) {
            if (name.equals("compute") && table.isForkJoinTask(c.get())) {
                return Optional.empty();
            }
            return pick(table.resolve(name, table.hierarchy(c.get()), arity), call);
        }
        // a class of another file: the routine of that class (PriceStock.run), never one of this
        // file that has the same name
        Optional<String> other = otherFile(receiver);
        if (other.isPresent()) {
            return other.map(type -> type + "." + name);
        }
        return bySolvedType(receiver, name, call);
    }

    /**
     * A receiver whose declared type the declarations do not give ({@code make().run()},
     * {@code grid.rows[i].relax()}): its type by javaparser's symbol solver. A class of this file
     * or of another file is resolved as above; a JDK type, an array or a primitive is no routine
     * of the sources. When the solver cannot tell the type either and this file has a method
     * of that name, the call is taken by its method name ({@code *.run}): the DAG builder
     * resolves it with a warning (docs/java-frontend.md#4-routines-and-calls).
     */
    private Optional<String> bySolvedType(Expression receiver, String name, MethodCallExpr call) {
        if (receiver instanceof NameExpr n && !scope.isVariable(n.getNameAsString()) && isJdkClass(n.getNameAsString())) {
            return Optional.empty(); // Math.sqrt(x): a JDK class named directly
        }
        if (isJdkStaticField(receiver)) {
            // System.out.println(s): a JDK class's static field has a JDK type; no solver, which would
            // look System up through every statement before this one (quadratic in a long method)
            return Optional.empty();
        }
        Optional<String> returned = declaredReturn(receiver);
        if (returned.isPresent()) {
            // make().run() with make a method of this file: its declared return type, no solver
            // (the solver looks a name up through the statements before it: quadratic in a long method)
            String simple = returned.get();
            Optional<MethodTable.ClassInfo> c = table.classNamed(simple);
            if (c.isPresent()) {
                return pick(table.resolve(name, table.hierarchy(c.get()), call.getArguments().size()), call);
            }
            return isOtherFileClass(simple) ? Optional.of(simple + "." + name) : Optional.empty();
        }
        ResolvedType type;
        try {
            type = receiver.calculateResolvedType();
        } catch (RuntimeException | StackOverflowError unknown) {
            // by its name, when this file has a method of that name (the DAG builder warns where it
            // takes one); an unknown receiver's other methods are a library's
            boolean named = table.methods().stream().anyMatch(m -> m.simpleName().equals(name) && !m.isConstructor());
            return named ? Optional.of(RoutineIndex.BY_NAME + name) : Optional.empty();
        }
        if (!type.isReferenceType()) {
            return Optional.empty();
        }
        String qualified = type.asReferenceType().getQualifiedName();
        String simple = qualified.substring(qualified.lastIndexOf('.') + 1);
        Optional<MethodTable.ClassInfo> here = table.classNamed(simple);
        if (here.isPresent()) {
            return pick(table.resolve(name, table.hierarchy(here.get()), call.getArguments().size()), call);
        }
        return isJdkPackage(qualified) || !isOtherFileClass(simple) ? Optional.empty() : Optional.of(simple + "." + name);
    }

    /** The routine a method reference ({@code Fft::cffts}, {@code this::run}) names. */
    Optional<String> routine(MethodReferenceExpr ref) {
        String name = ref.getIdentifier();
        Expression receiver = ref.getScope();
        Optional<MethodTable.ClassInfo> c = receiver instanceof TypeExpr t
                ? table.classNamed(t.getType().asString()) : receiverClass(receiver);
        if (name.equals("new")) {
            return c.flatMap(k -> table.constructor(k, 0).or(() -> table.constructor(k, 1)))
                    .map(r -> r.method().routine());
        }
        if (c.isPresent()) {
            for (MethodTable.ClassInfo k : table.hierarchy(c.get())) {
                Optional<MethodTable.MethodInfo> m = table.methods().stream()
                        .filter(x -> x.owner() == k && x.simpleName().equals(name) && !x.isConstructor()).findFirst();
                if (m.isPresent()) {
                    return Optional.of(m.get().routine());
                }
            }
            return Optional.empty();
        }
        return otherFile(receiver).map(type -> type + "." + name);
    }

    /**
     * The constructor {@code new C(...)} runs, if C is declared in this file with constructors, or
     * the routine {@code C} when C is a class of another given file (its constructor, if it has one).
     */
    Optional<String> routine(ObjectCreationExpr creation) {
        if (creation.getAnonymousClassBody().isPresent()) {
            return Optional.empty();
        }
        Optional<MethodTable.ClassInfo> c = table.classNamed(creation.getType().getNameWithScope());
        if (c.isEmpty()) {
            return otherFileConstructor(creation);
        }
        return pick(table.constructor(c.get(), creation.getArguments().size()), creation);
    }

    /**
     * The declared return type (its simple name, without type arguments) of a call {@code g(...)}
     * or {@code this.g(...)} of a method of this file; empty for anything else.
     */
    private Optional<String> declaredReturn(Expression e) {
        if (!(e instanceof MethodCallExpr m) || m.getScope().isPresent() && !(m.getScope().get() instanceof ThisExpr)) {
            return Optional.empty();
        }
        return table.resolve(m.getNameAsString(), table.lexicalScope(owner), m.getArguments().size())
                .map(r -> r.method().declaration())
                .filter(d -> d instanceof com.github.javaparser.ast.body.MethodDeclaration)
                .map(d -> ((com.github.javaparser.ast.body.MethodDeclaration) d).getType())
                .filter(t -> t.isClassOrInterfaceType())
                .map(t -> t.asClassOrInterfaceType().getNameAsString());
    }

    /** {@code System.out}, {@code System.out.x}: fields reached from a JDK class named directly (not a variable). */
    private boolean isJdkStaticField(Expression e) {
        if (!(e instanceof FieldAccessExpr)) {
            return false;
        }
        Expression root = e;
        while (root instanceof FieldAccessExpr f) {
            root = f.getScope();
        }
        return root instanceof NameExpr n && !scope.isVariable(n.getNameAsString()) && table.classNamed(n.getNameAsString()).isEmpty()
                && isJdkClass(n.getNameAsString());
    }

    /** The class of this file an expression's value belongs to, as far as declarations say. */
    Optional<MethodTable.ClassInfo> receiverClass(Expression e) {
        if (e instanceof EnclosedExpr en) {
            return receiverClass(en.getInner());
        }
        if (e instanceof CastExpr c) {
            return table.classNamed(c.getType().asString());
        }
        if (e instanceof ThisExpr t) {
            return t.getTypeName().isPresent() ? table.classNamed(t.getTypeName().get().asString()) : Optional.of(owner);
        }
        if (e instanceof SuperExpr) {
            return owner.superName().flatMap(table::classNamed);
        }
        if (e instanceof ObjectCreationExpr o) {
            return table.classNamed(o.getType().getNameWithScope());
        }
        if (e instanceof NameExpr n) {
            String name = n.getNameAsString();
            if (scope.isVariable(name)) {
                return scope.className(name).flatMap(table::classNamed);
            }
            return table.classNamed(name);
        }
        if (e instanceof FieldAccessExpr f) {
            if (f.getScope() instanceof ThisExpr) {
                return scope.className(f.getNameAsString()).flatMap(table::classNamed);
            }
            return table.classNamed(f.toString());
        }
        return Optional.empty();
    }

    private Optional<String> pick(Optional<MethodTable.Resolution> r, NodeWithArguments<?> at) {
        if (r.isEmpty()) {
            return Optional.empty();
        }
        if (!r.get().isAmbiguous()) {
            return Optional.of(r.get().method().routine());
        }
        List<MethodTable.MethodInfo> all = new ArrayList<>();
        all.add(r.get().method());
        all.addAll(r.get().others());
        List<MethodTable.MethodInfo> best = argumentTypes.best(all, at.getArguments());
        if (best.size() > 1) {
            diagnostics.warning(positions.at((Node) at), "cannot tell which of "
                    + String.join(", ", best.stream().map(MethodTable.MethodInfo::routine).toList())
                    + " this call is; taking " + best.get(0).routine());
        }
        return Optional.of(best.get(0).routine());
    }

    /**
     * A receiver whose class is not in this file and not in the JDK, so in another given file:
     * {@code Other.f()}, {@code Other::f}, {@code o.f()} with {@code o} declared {@code Other},
     * {@code this.o.f()}, {@code new Other(...).f()}, {@code ((Other) x).f()}. The call is a call
     * of the routine named {@code f}, resolved across files by the DAG builder.
     */
    private Optional<String> otherFile(Expression receiver) {
        Optional<String> type;
        if (receiver instanceof EnclosedExpr e) {
            return otherFile(e.getInner());
        } else if (receiver instanceof NameExpr n) {
            String name = n.getNameAsString();
            type = scope.isVariable(name) ? scope.className(name) : Optional.of(name);
        } else if (receiver instanceof TypeExpr t) {
            type = Optional.of(t.getType().asString());
        } else if (receiver instanceof ObjectCreationExpr o && o.getAnonymousClassBody().isEmpty()) {
            type = Optional.of(o.getType().getNameWithScope());
        } else if (receiver instanceof CastExpr c) {
            type = Optional.of(c.getType().asString());
        } else if (receiver instanceof FieldAccessExpr f && f.getScope() instanceof ThisExpr) {
            type = scope.className(f.getNameAsString());
        } else {
            type = Optional.empty();
        }
        return type.filter(this::isOtherFileClass);
    }

    /** {@code new Other(...)} of a class of another given file: a call of its constructor, the routine {@code Other}. */
    Optional<String> otherFileConstructor(ObjectCreationExpr creation) {
        if (creation.getAnonymousClassBody().isPresent() || creation.getScope().isPresent()) {
            return Optional.empty();
        }
        return Optional.of(creation.getType().getNameAsString()).filter(this::isOtherFileClass);
    }

    private boolean isOtherFileClass(String name) {
        return !name.isEmpty() && Character.isUpperCase(name.charAt(0)) && name.chars().allMatch(Character::isJavaIdentifierPart)
                && table.classNamed(name).isEmpty() && !isJdkClass(name);
    }

    private Optional<String> staticImport(String name) {
        for (ImportDeclaration i : unit.getImports()) {
            if (!i.isStatic() || isJdkPackage(i.getNameAsString())) {
                continue;
            }
            if (i.isAsterisk() || i.getName().getIdentifier().equals(name)) {
                return Optional.of(name);
            }
        }
        return Optional.empty();
    }

    private boolean isJdkClass(String simpleName) {
        for (ImportDeclaration i : unit.getImports()) {
            if (i.isStatic()) {
                continue;
            }
            if (!i.isAsterisk() && i.getName().getIdentifier().equals(simpleName)) {
                return isJdkPackage(i.getNameAsString());
            }
            if (i.isAsterisk() && isJdkPackage(i.getNameAsString() + ".") && exists(i.getNameAsString() + "." + simpleName)) {
                return true;
            }
        }
        return exists("java.lang." + simpleName);
    }

    private static boolean isJdkPackage(String qualified) {
        return qualified.startsWith("java.") || qualified.startsWith("javax.") || qualified.startsWith("jdk.")
                || qualified.startsWith("sun.") || qualified.startsWith("com.sun.");
    }

    /** Whether the running JDK has this class (looked up without initializing it). */
    private static boolean exists(String qualified) {
        try {
            Class.forName(qualified, false, ClassLoader.getPlatformClassLoader());
            return true;
        } catch (ClassNotFoundException | LinkageError e) {
            return false;
        }
    }
}
