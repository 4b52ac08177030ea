package lcm.javasrc;

import com.github.javaparser.ast.CompilationUnit;
import com.github.javaparser.ast.body.CallableDeclaration;
import com.github.javaparser.ast.expr.Expression;
import com.github.javaparser.ast.expr.LambdaExpr;
import com.github.javaparser.ast.expr.MethodCallExpr;
import com.github.javaparser.ast.expr.MethodReferenceExpr;
import com.github.javaparser.ast.expr.NameExpr;
import lcm.source.Diagnostics;
import lcm.structure.Routine;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Work passed as a method reference or a lambda to a method of the sources that runs it
 * ({@code measurePerf(ParallelStreams::parallelSum, n)} or {@code measurePerf(k -> parallelSum(k), n)}
 * where {@code measurePerf} calls {@code adder.apply(n)}): the work is followed into the method, so
 * the target's call stands where the functional parameter is invoked, and nothing stands where it
 * is passed. A lambda becomes a routine of its own, named {@link #lambdaName}, whose parameters are
 * the lambda's, built where it is written (its annotations and captured variables are the
 * caller's). A parameter is followed only when every call of the file passes it one and the same
 * routine of the sources (or one and the same lambda) and the method invokes it
 * ({@code p.apply(...)}, {@code p.run()}, any method of {@code p}); otherwise the reference stays
 * a call, and the lambda runs, where it is passed (docs/java-frontend.md#6-parallel-constructs-recognized-in-the-code).
 */
final class FunctionalArguments {

    /** Per routine, per followed parameter, the routine it runs. */
    private final Map<String, Map<String, String>> targets = new HashMap<>();
    /** The references that are followed, so the caller leaves them out. */
    private final Set<Expression> followed = Collections.newSetFromMap(new IdentityHashMap<>());
    /** The routines made of followed lambdas, in the order they were built. */
    private final List<Routine> lambdas = new ArrayList<>();

    private FunctionalArguments() {
    }

    static FunctionalArguments of(MethodTable table, CompilationUnit unit, JavaPositions positions) {
        FunctionalArguments f = new FunctionalArguments();
        Map<String, Map<String, Set<String>>> passed = new HashMap<>();
        Map<Expression, String[]> where = new IdentityHashMap<>();
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
                    Optional<String> target = a instanceof MethodReferenceExpr r
                            ? resolver.routine(r)
                            : a instanceof LambdaExpr l ? Optional.of(lambdaName(caller.routine(), l, positions))
                            : Optional.empty();
                    if (target.isPresent()) {
                        passed.computeIfAbsent(callee.get().routine(), k -> new HashMap<>())
                                .computeIfAbsent(parameter, k -> new LinkedHashSet<>()).add(target.get());
                        where.put(a, new String[] {callee.get().routine(), parameter});
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
        return table.routine(routine);
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

    /**
     * Whether this method reference or lambda is followed into the method it is passed to (and so
     * is no call, and does not run, where it is passed).
     */
    boolean isFollowed(Expression passed) {
        return followed.contains(passed);
    }

    /** The routine name of a followed lambda: {@code lambda@main:9} for a lambda on line 9 of {@code main}. */
    static String lambdaName(String caller, LambdaExpr lambda, JavaPositions positions) {
        return "lambda@" + caller + ":" + positions.at(lambda).line();
    }

    /** Records the routine built of a followed lambda. */
    void define(Routine lambda) {
        lambdas.add(lambda);
    }

    /** The routines built of followed lambdas. */
    List<Routine> lambdas() {
        return List.copyOf(lambdas);
    }
}
