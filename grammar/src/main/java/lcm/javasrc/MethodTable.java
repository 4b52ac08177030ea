package lcm.javasrc;

import com.github.javaparser.ast.CompilationUnit;
import com.github.javaparser.ast.body.BodyDeclaration;
import com.github.javaparser.ast.body.CallableDeclaration;
import com.github.javaparser.ast.body.ClassOrInterfaceDeclaration;
import com.github.javaparser.ast.body.ConstructorDeclaration;
import com.github.javaparser.ast.body.FieldDeclaration;
import com.github.javaparser.ast.body.MethodDeclaration;
import com.github.javaparser.ast.body.Parameter;
import com.github.javaparser.ast.body.TypeDeclaration;
import com.github.javaparser.ast.body.VariableDeclarator;
import com.github.javaparser.ast.type.ClassOrInterfaceType;
import lcm.structure.Routine;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * The classes and methods of one Java file, the routine name of every method, and the
 * resolution of calls to them.
 *
 * <p>Naming rule: a method's routine name is its simple name ({@code cffts}) when no other
 * method or constructor of the file has that simple name; otherwise it is qualified by its
 * class ({@code Worker.run}, nested classes as {@code Outer.Inner.run}), and overloads in one
 * class further by their parameter types as written ({@code Grid.fill(double[])}). A
 * constructor is named after its class ({@code Solver}). Calls are resolved by the same table,
 * so a qualified routine is called by its qualified name.
 */
final class MethodTable {

    private static final Set<String> FORK_JOIN_TASKS = Set.of("RecursiveAction", "RecursiveTask", "CountedCompleter",
            "ForkJoinTask");

    /** A class, interface, enum or record of the file (not local or anonymous classes). */
    record ClassInfo(String name, String simpleName, Optional<String> superName, Optional<String> outer,
                     List<String> superTypes, TypeDeclaration<?> declaration) {
    }

    /** A method or constructor with a body. */
    record MethodInfo(ClassInfo owner, String simpleName, List<String> parameterTypes, boolean varargs,
                      CallableDeclaration<?> declaration, String routine, Routine.Kind kind) {

        boolean accepts(int arguments) {
            int n = parameterTypes.size();
            return varargs ? arguments >= n - 1 : arguments == n;
        }

        boolean isConstructor() {
            return declaration instanceof ConstructorDeclaration;
        }
    }

    /** The method a call names; {@code others} holds the overloads it could equally be. */
    record Resolution(MethodInfo method, List<MethodInfo> others) {
        boolean isAmbiguous() {
            return !others.isEmpty();
        }
    }

    private final Map<String, ClassInfo> classes = new LinkedHashMap<>();
    private final List<MethodInfo> methods = new ArrayList<>();
    private final Map<CallableDeclaration<?>, MethodInfo> byDeclaration = new IdentityHashMap<>();
    private final Map<String, MethodInfo> byRoutine = new HashMap<>();
    private final Map<TypeDeclaration<?>, List<VariableDeclarator>> fields = Collections.synchronizedMap(new IdentityHashMap<>());

    private MethodTable() {
    }

    static MethodTable of(CompilationUnit unit) {
        MethodTable t = new MethodTable();
        List<PendingMethod> pending = new ArrayList<>();
        for (TypeDeclaration<?> type : unit.getTypes()) {
            t.collect(type, Optional.empty(), pending);
        }
        t.name(pending);
        return t;
    }

    private record PendingMethod(ClassInfo owner, String simpleName, CallableDeclaration<?> declaration) {
    }

    private void collect(TypeDeclaration<?> type, Optional<ClassInfo> outer, List<PendingMethod> pending) {
        String name = outer.map(o -> o.name() + ".").orElse("") + type.getNameAsString();
        List<String> supers = new ArrayList<>();
        Optional<String> superName = Optional.empty();
        if (type instanceof ClassOrInterfaceDeclaration c) {
            for (ClassOrInterfaceType t : c.getExtendedTypes()) {
                supers.add(t.getNameAsString());
            }
            if (!c.isInterface() && !supers.isEmpty()) {
                superName = Optional.of(supers.get(0));
            }
            for (ClassOrInterfaceType t : c.getImplementedTypes()) {
                supers.add(t.getNameAsString());
            }
        }
        ClassInfo info = new ClassInfo(name, type.getNameAsString(), superName, outer.map(ClassInfo::name),
                List.copyOf(supers), type);
        classes.putIfAbsent(name, info);
        for (BodyDeclaration<?> member : type.getMembers()) {
            if (member instanceof MethodDeclaration m && m.getBody().isPresent()) {
                pending.add(new PendingMethod(info, m.getNameAsString(), m));
            } else if (member instanceof ConstructorDeclaration c) {
                pending.add(new PendingMethod(info, type.getNameAsString(), c));
            } else if (member instanceof TypeDeclaration<?> nested) {
                collect(nested, Optional.of(info), pending);
            }
        }
    }

    private void name(List<PendingMethod> pending) {
        Map<String, List<PendingMethod>> bySimple = pending.stream()
                .collect(Collectors.groupingBy(PendingMethod::simpleName, LinkedHashMap::new, Collectors.toList()));
        // methods of one name in one class, counted once (not by a pass over the name's methods for each: 2,900 copies were quadratic)
        Map<ClassInfo, Map<String, Long>> sameClass = pending.stream().collect(Collectors.groupingBy(PendingMethod::owner,
                IdentityHashMap::new, Collectors.groupingBy(PendingMethod::simpleName, Collectors.counting())));
        for (PendingMethod p : pending) {
            String routine = p.simpleName();
            if (bySimple.get(p.simpleName()).size() > 1) {
                String qualified = p.owner().name() + "." + p.simpleName();
                routine = sameClass.get(p.owner()).get(p.simpleName()) > 1
                        ? qualified + "(" + String.join(",", parameterTypes(p.declaration())) + ")" : qualified;
            }
            MethodInfo m = new MethodInfo(p.owner(), p.simpleName(), parameterTypes(p.declaration()),
                    p.declaration().getParameters().stream().anyMatch(Parameter::isVarArgs), p.declaration(),
                    routine, kind(p.declaration()));
            methods.add(m);
            byDeclaration.putIfAbsent(p.declaration(), m);
            byRoutine.putIfAbsent(routine, m);
        }
    }

    private static List<String> parameterTypes(CallableDeclaration<?> d) {
        return d.getParameters().stream().map(p -> p.getType().asString() + (p.isVarArgs() ? "..." : "")).toList();
    }

    /** {@code public static void main(String[] args)} is the program; every other method is a method. */
    private static Routine.Kind kind(CallableDeclaration<?> d) {
        if (d instanceof MethodDeclaration m && m.getNameAsString().equals("main") && m.isStatic() && m.isPublic()
                && m.getType().isVoidType() && m.getParameters().size() == 1) {
            Parameter p = m.getParameter(0);
            String type = p.getType().asString();
            if (type.equals("String[]") || type.equals("java.lang.String[]")
                    || p.isVarArgs() && (type.equals("String") || type.equals("java.lang.String"))) {
                return Routine.Kind.PROGRAM;
            }
        }
        return Routine.Kind.METHOD;
    }

    List<MethodInfo> methods() {
        return methods;
    }

    Optional<MethodInfo> method(CallableDeclaration<?> declaration) {
        return Optional.ofNullable(byDeclaration.get(declaration));
    }

    /** The (first) method lcm calls {@code routine}. */
    Optional<MethodInfo> routine(String routine) {
        return Optional.ofNullable(byRoutine.get(routine));
    }

    /** The class a (simple or dotted) type name denotes in this file. */
    Optional<ClassInfo> classNamed(String name) {
        ClassInfo exact = classes.get(name);
        if (exact != null) {
            return Optional.of(exact);
        }
        String simple = name.substring(name.lastIndexOf('.') + 1);
        return classes.values().stream().filter(c -> c.simpleName().equals(simple)).findFirst();
    }

    Optional<ClassInfo> outer(ClassInfo c) {
        return c.outer().map(classes::get);
    }

    /** The class, then its superclasses declared in this file. */
    List<ClassInfo> hierarchy(ClassInfo c) {
        List<ClassInfo> out = new ArrayList<>();
        Optional<ClassInfo> at = Optional.of(c);
        while (at.isPresent() && !out.contains(at.get())) {
            out.add(at.get());
            at = at.get().superName().flatMap(this::classNamed);
        }
        return out;
    }

    /** Where an unqualified call is looked up: the class and its superclasses, then each enclosing class. */
    List<ClassInfo> lexicalScope(ClassInfo c) {
        List<ClassInfo> out = new ArrayList<>();
        Optional<ClassInfo> at = Optional.of(c);
        while (at.isPresent()) {
            for (ClassInfo h : hierarchy(at.get())) {
                if (!out.contains(h)) {
                    out.add(h);
                }
            }
            at = outer(at.get());
        }
        return out;
    }

    /**
     * The fields class {@code c} declares, found once per class: each method's {@link VariableScope}
     * asks for them, and walking the members again for each method made a class of 2,900 methods
     * quadratic (7-60 s).
     */
    List<VariableDeclarator> fields(ClassInfo c) {
        return fields.computeIfAbsent(c.declaration(), d -> d.getMembers().stream()
                .filter(FieldDeclaration.class::isInstance)
                .flatMap(m -> ((FieldDeclaration) m).getVariables().stream()).toList());
    }

    /** Whether the class is a fork/join task (extends RecursiveAction, RecursiveTask, ...). */
    boolean isForkJoinTask(ClassInfo c) {
        for (ClassInfo h : hierarchy(c)) {
            if (h.superName().map(FORK_JOIN_TASKS::contains).orElse(false)) {
                return true;
            }
        }
        return false;
    }

    /**
     * The method named {@code name} taking {@code arguments} arguments, searched in
     * {@code classes} in order: the first class that has one decides.
     */
    Optional<Resolution> resolve(String name, List<ClassInfo> classes, int arguments) {
        for (ClassInfo c : classes) {
            List<MethodInfo> found = methods.stream()
                    .filter(m -> m.owner() == c && m.simpleName().equals(name) && !m.isConstructor()
                            && m.accepts(arguments))
                    .toList();
            if (!found.isEmpty()) {
                return Optional.of(new Resolution(found.get(0), found.subList(1, found.size())));
            }
        }
        return Optional.empty();
    }

    /** The constructor {@code new C(...)} with {@code arguments} arguments runs, if C declares one. */
    Optional<Resolution> constructor(ClassInfo c, int arguments) {
        List<MethodInfo> found = methods.stream()
                .filter(m -> m.owner() == c && m.isConstructor() && m.accepts(arguments)).toList();
        return found.isEmpty() ? Optional.empty()
                : Optional.of(new Resolution(found.get(0), found.subList(1, found.size())));
    }
}
