package lcm.javasrc;

import com.github.javaparser.ast.expr.BooleanLiteralExpr;
import com.github.javaparser.ast.expr.CastExpr;
import com.github.javaparser.ast.expr.CharLiteralExpr;
import com.github.javaparser.ast.expr.DoubleLiteralExpr;
import com.github.javaparser.ast.expr.EnclosedExpr;
import com.github.javaparser.ast.expr.Expression;
import com.github.javaparser.ast.expr.IntegerLiteralExpr;
import com.github.javaparser.ast.expr.LongLiteralExpr;
import com.github.javaparser.ast.expr.MethodCallExpr;
import com.github.javaparser.ast.expr.NameExpr;
import com.github.javaparser.ast.expr.ObjectCreationExpr;
import com.github.javaparser.ast.expr.StringLiteralExpr;
import com.github.javaparser.ast.expr.TextBlockLiteralExpr;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Tells overloads apart by the argument types that can be read off the call without a type
 * checker: literals, declared variables, {@code new C()}, casts, {@code List.of(...)}. An
 * argument of unknown type fits every parameter.
 */
final class ArgumentTypes {

    private static final Map<String, Set<String>> WIDENS_TO = Map.of(
            "byte", Set.of("short", "int", "long", "float", "double"),
            "short", Set.of("int", "long", "float", "double"),
            "char", Set.of("int", "long", "float", "double"),
            "int", Set.of("long", "float", "double"),
            "long", Set.of("float", "double"),
            "float", Set.of("double"));
    private static final Map<String, String> BOXES = Map.of("int", "Integer", "long", "Long", "double", "Double",
            "float", "Float", "boolean", "Boolean", "char", "Character", "short", "Short", "byte", "Byte");

    private final VariableScope scope;

    ArgumentTypes(VariableScope scope) {
        this.scope = scope;
    }

    /** The candidates that fit the arguments best (several when the arguments cannot tell them apart). */
    List<MethodTable.MethodInfo> best(List<MethodTable.MethodInfo> candidates, List<Expression> arguments) {
        List<Optional<String>> types = arguments.stream().map(this::typeOf).toList();
        int bestScore = -1;
        List<MethodTable.MethodInfo> out = new ArrayList<>();
        for (MethodTable.MethodInfo m : candidates) {
            int score = score(m, types);
            if (score > bestScore) {
                bestScore = score;
                out.clear();
            }
            if (score == bestScore && score >= 0) {
                out.add(m);
            }
        }
        return out.isEmpty() ? candidates : out;
    }

    /** How well the arguments fit: -1 not at all, else the number of exact matches. */
    private static int score(MethodTable.MethodInfo m, List<Optional<String>> types) {
        int exact = 0;
        for (int i = 0; i < types.size(); i++) {
            if (types.get(i).isEmpty()) {
                continue;
            }
            List<String> params = m.parameterTypes();
            String param = simple(i < params.size() ? params.get(i) : params.get(params.size() - 1));
            String arg = simple(types.get(i).get());
            if (param.endsWith("...")) {
                param = param.substring(0, param.length() - 3);
            }
            if (param.equals(arg)) {
                exact++;
            } else if (!fits(arg, param)) {
                return -1;
            }
        }
        return exact;
    }

    private static boolean fits(String arg, String param) {
        return param.equals("Object") && !arg.isEmpty()
                || WIDENS_TO.getOrDefault(arg, Set.of()).contains(param)
                || param.equals(BOXES.get(arg)) || arg.equals(BOXES.get(param));
    }

    /** {@code java.util.List<Integer>} as {@code List}; arrays keep their brackets. */
    private static String simple(String type) {
        String t = type.replaceAll("<.*>", "").strip();
        int dot = t.lastIndexOf('.', t.indexOf('[') < 0 ? t.length() : t.indexOf('['));
        return dot < 0 ? t : t.substring(dot + 1);
    }

    private Optional<String> typeOf(Expression e) {
        if (e instanceof EnclosedExpr en) {
            return typeOf(en.getInner());
        }
        if (e instanceof IntegerLiteralExpr) {
            return Optional.of("int");
        }
        if (e instanceof LongLiteralExpr) {
            return Optional.of("long");
        }
        if (e instanceof DoubleLiteralExpr d) {
            return Optional.of(d.getValue().endsWith("f") || d.getValue().endsWith("F") ? "float" : "double");
        }
        if (e instanceof StringLiteralExpr || e instanceof TextBlockLiteralExpr) {
            return Optional.of("String");
        }
        if (e instanceof BooleanLiteralExpr) {
            return Optional.of("boolean");
        }
        if (e instanceof CharLiteralExpr) {
            return Optional.of("char");
        }
        if (e instanceof NameExpr n) {
            return scope.typeText(n.getNameAsString());
        }
        if (e instanceof ObjectCreationExpr o) {
            return Optional.of(o.getType().getNameAsString());
        }
        if (e instanceof CastExpr c) {
            return Optional.of(c.getType().asString());
        }
        if (e instanceof MethodCallExpr m && m.getScope().orElse(null) instanceof NameExpr cls
                && Set.of("of", "copyOf", "valueOf").contains(m.getNameAsString())
                && Character.isUpperCase(cls.getNameAsString().charAt(0)) && !scope.isVariable(cls.getNameAsString())) {
            return Optional.of(cls.getNameAsString());
        }
        return Optional.empty();
    }
}
