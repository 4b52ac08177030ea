package lcm.javasrc;

import com.github.javaparser.ast.expr.Expression;
import com.github.javaparser.ast.expr.FieldAccessExpr;
import com.github.javaparser.ast.expr.LambdaExpr;
import com.github.javaparser.ast.expr.MethodCallExpr;
import com.github.javaparser.ast.expr.NameExpr;
import lcm.expr.Expr;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * A stream pipeline written as one chain of calls: a source ({@code IntStream.range(a, b)},
 * {@code Arrays.stream(x)}, {@code list.stream()}, {@code list.parallelStream()}, ...),
 * intermediate operations, and a terminal operation ({@code forEach}, {@code collect},
 * {@code sum}, ...). It is a loop over the stream's elements; it is a parallel loop when the
 * last of {@code parallelStream()}/{@code parallel()}/{@code sequential()} in the chain says
 * parallel (as in Java, where that call decides for the whole pipeline).
 *
 * @param stages    the calls after the source, in the order they run
 * @param trips     from {@code range(a, b)} ({@code b - a}) or {@code rangeClosed(a, b)} ({@code b - a + 1})
 * @param variable  the first lambda parameter of the first stage that has a lambda
 */
record StreamPipeline(MethodCallExpr source, List<MethodCallExpr> stages, boolean parallel, Optional<Expr> trips,
                      String boundsText, String variable, String description) {

    private static final Set<String> STREAM_CLASSES = Set.of("IntStream", "LongStream", "DoubleStream", "Stream");
    private static final Set<String> STREAM_FACTORIES = Set.of("range", "rangeClosed", "iterate", "generate", "of",
            "concat");
    private static final Set<String> TERMINALS = Set.of("forEach", "forEachOrdered", "collect", "reduce", "sum",
            "count", "average", "min", "max", "toArray", "toList", "anyMatch", "allMatch", "noneMatch", "findFirst",
            "findAny", "summaryStatistics");

    /** The pipeline whose terminal operation is {@code terminal}, if it is one. */
    static Optional<StreamPipeline> of(MethodCallExpr terminal) {
        if (!TERMINALS.contains(terminal.getNameAsString())) {
            return Optional.empty();
        }
        List<MethodCallExpr> chain = new ArrayList<>();
        Expression at = terminal;
        while (at instanceof MethodCallExpr m) {
            chain.add(m);
            at = m.getScope().orElse(null);
        }
        Collections.reverse(chain);
        int s = 0;
        while (s < chain.size() - 1 && !isSource(chain.get(s))) {
            s++;
        }
        if (s >= chain.size() - 1) {
            return Optional.empty();
        }
        MethodCallExpr source = chain.get(s);
        List<MethodCallExpr> stages = chain.subList(s + 1, chain.size());
        List<MethodCallExpr> pipeline = chain.subList(s, chain.size());
        boolean parallel = false;
        for (MethodCallExpr m : pipeline) {
            switch (m.getNameAsString()) {
                case "parallelStream", "parallel" -> parallel = true;
                case "sequential" -> parallel = false;
                default -> {
                }
            }
        }
        Optional<Expr> trips = Optional.empty();
        String name = source.getNameAsString();
        String bounds = source.getScope().map(Object::toString).orElse("");
        if ((name.equals("range") || name.equals("rangeClosed")) && source.getArguments().size() == 2) {
            trips = LoopHeader.range(source.getArgument(0), source.getArgument(1), name.equals("rangeClosed"));
            bounds = source.getArgument(0) + ", " + source.getArgument(1);
        } else if (!source.getArguments().isEmpty()) {
            bounds = String.join(", ", source.getArguments().stream().map(Object::toString).toList());
        }
        String variable = "";
        for (MethodCallExpr m : stages) {
            Optional<LambdaExpr> l = m.getArguments().stream().filter(a -> a instanceof LambdaExpr)
                    .map(a -> (LambdaExpr) a).findFirst();
            if (l.isPresent() && !l.get().getParameters().isEmpty()) {
                variable = l.get().getParameter(0).getNameAsString();
                break;
            }
        }
        StringBuilder description = new StringBuilder();
        source.getScope().ifPresent(x -> description.append(x).append('.'));
        for (MethodCallExpr m : pipeline) {
            description.append(m.getNameAsString()).append("().");
        }
        description.setLength(description.length() - 1);
        return Optional.of(new StreamPipeline(source, List.copyOf(stages), parallel, trips, bounds, variable,
                description.toString()));
    }

    private static boolean isSource(MethodCallExpr m) {
        String name = m.getNameAsString();
        Optional<Expression> scope = m.getScope();
        if (name.equals("stream") || name.equals("parallelStream")) {
            return true;
        }
        if (scope.isPresent() && (scope.get() instanceof NameExpr || scope.get() instanceof FieldAccessExpr)) {
            String text = scope.get().toString();
            String cls = text.substring(text.lastIndexOf('.') + 1);
            return STREAM_CLASSES.contains(cls) && STREAM_FACTORIES.contains(name)
                    || cls.equals("StreamSupport") && name.equals("stream");
        }
        return false;
    }
}
