package lcm.javasrc;

import com.github.javaparser.ast.CompilationUnit;
import com.github.javaparser.ast.body.CallableDeclaration;
import com.github.javaparser.ast.expr.Expression;
import com.github.javaparser.ast.expr.MethodCallExpr;
import com.github.javaparser.ast.expr.MethodReferenceExpr;
import com.github.javaparser.ast.expr.NameExpr;
import lcm.source.Diagnostics;

import java.util.Collections;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Work passed as a method reference to a method of the sources that runs it
 * ({@code measurePerf(ParallelStreams::parallelSum, n)} where {@code measurePerf} calls
 * {@code adder.apply(n)}): the reference is followed into the method, so the target's call stands
 * where the functional parameter is invoked, and nothing stands where it is passed. A parameter
 * is followed only when every call of the file passes it one and the same routine of the sources
 * and the method invokes it ({@code p.apply(...)}, {@code p.run()}, any method of {@code p});
 * otherwise the reference stays a call where it is passed (docs/java-frontend.md#4-routines-and-calls).
 */
final class FunctionalArguments {

    /** Per routine, per followed parameter, the routine it runs. */
    private final Map<String, Map<String, String>> targets = new HashMap<>();
    /** The references that are followed, so the caller leaves them out. */
    private final Set<MethodReferenceExpr> followed = Collections.newSetFromMap(new IdentityHashMap<>());

    private FunctionalArguments() {
    }

    static FunctionalArguments of(MethodTable table, CompilationUnit unit, JavaPositions positions) {
        FunctionalArguments f = new FunctionalArguments();
        Map<String, Map<String, Set<String>>> passed = new HashMap<>();
        Map<MethodReferenceExpr, String[]> where = new IdentityHashMap<>();
        Set<String> unfollowable = new LinkedHashSet<>();
        Diagnostics quiet = new Diagnostics();   // resolution warnings are reported when the bodies are built
        for (MethodTable.MethodInfo caller : table.methods()) {
            CallableDeclaration<?> d = caller.declaration();
            VariableScope scope = VariableScope.of(table, caller.owner(), d);
            CallResolver resolver = new CallResolver(table, caller.owner(), scope, unit, positions, quiet);
            for (MethodCallExpr call : d.findAll(MethodCallExpr.class)) {
                Optional<MethodTable.MethodInfo> callee = resolver.routine(call).flatMap(r -> info(table, r));
                if (callee.isEmpty()) {
                    continue;
                }
                CallableDeclaration<?> cd = callee.get().declaration();
                for (int i = 0; i < call.getArguments().size() && i < cd.getParameters().size(); i++) {
                    String parameter = cd.getParameter(i).getNameAsString();
                    String key = callee.get().routine() + "\u0000" + parameter;
                    Expression a = call.getArgument(i);
                    Optional<String> target = a instanceof MethodReferenceExpr r ? resolver.routine(r) : Optional.empty();
                    if (target.isPresent() && info(table, target.get()).isPresent()) {
                        passed.computeIfAbsent(callee.get().routine(), k -> new HashMap<>())
                                .computeIfAbsent(parameter, k -> new LinkedHashSet<>()).add(target.get());
                        where.put((MethodReferenceExpr) a, new String[] {callee.get().routine(), parameter});
                    } else {
                        unfollowable.add(key);
                    }
                }
            }
        }
        passed.forEach((routine, parameters) -> parameters.forEach((parameter, routines) -> {
            if (routines.size() == 1 && !unfollowable.contains(routine + "\u0000" + parameter)
                    && invokes(info(table, routine).orElseThrow().declaration(), parameter)) {
                f.targets.computeIfAbsent(routine, k -> new HashMap<>()).put(parameter, routines.iterator().next());
            }
        }));
        where.forEach((ref, at) -> {
            if (f.targets.getOrDefault(at[0], Map.of()).containsKey(at[1])) {
                f.followed.add(ref);
            }
        });
        return f;
    }

    private static Optional<MethodTable.MethodInfo> info(MethodTable table, String routine) {
        return table.methods().stream().filter(m -> m.routine().equals(routine)).findFirst();
    }

    private static boolean invokes(CallableDeclaration<?> d, String parameter) {
        return d.findAll(MethodCallExpr.class).stream()
                .anyMatch(c -> c.getScope().filter(s -> s instanceof NameExpr n && n.getNameAsString().equals(parameter))
                        .isPresent());
    }

    /** The routine {@code routine}'s functional parameter {@code parameter} runs, when it is followed. */
    Optional<String> target(String routine, String parameter) {
        return Optional.ofNullable(targets.getOrDefault(routine, Map.of()).get(parameter));
    }

    /** Whether this reference is followed into the method it is passed to (and so is no call where it is passed). */
    boolean isFollowed(MethodReferenceExpr ref) {
        return followed.contains(ref);
    }
}
