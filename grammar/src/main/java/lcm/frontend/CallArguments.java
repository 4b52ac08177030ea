package lcm.frontend;

import lcm.annotation.Annotation;
import lcm.dag.Node;
import lcm.dag.Use;
import lcm.expr.Expr;
import lcm.source.Diagnostics;
import lcm.structure.Construct;
import lcm.structure.Routine;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Binds a call's actual arguments to the callee's dummy arguments, where the callee's subtree
 * uses them (in trip counts, models and bindings), so the callee's models are evaluated at the
 * caller's values.
 */
final class CallArguments {

    private final Map<String, Routine> routines;
    private final Map<String, Routine> lookup;
    private final SubtreeVariables variablesUsed;
    private final Diagnostics diagnostics;

    CallArguments(Map<String, Routine> routines, Map<String, Routine> lookup, SubtreeVariables variablesUsed,
                  Diagnostics diagnostics) {
        this.routines = routines;
        this.lookup = lookup;
        this.variablesUsed = variablesUsed;
        this.diagnostics = diagnostics;
    }

    /**
     * The call's actual arguments bound to the callee's dummy names, for the dummies the
     * callee's subtree uses in trip counts, models and bindings. An actual lcm cannot read as
     * a value (an array section, a function result) leaves the dummy the callee's own variable,
     * with a warning; a {@code vars:} of the same name wins over the argument.
     */
    Use bind(Construct.Call call, Node callee, Use use) {
        List<String> dummies = lookup.get(call.callee()).parameters();
        if (dummies.isEmpty()) {
            return use;
        }
        Set<String> used = variablesUsed.of(callee);
        List<Annotation.Binding> bound = new ArrayList<>();
        for (int i = 0; i < Math.min(dummies.size(), call.values().size()); i++) {
            String dummy = dummies.get(i);
            if (!used.contains(dummy) || use.vars().stream().anyMatch(v -> v.name().equals(dummy))) {
                continue;
            }
            Optional<Expr> value = callsRoutine(call.arguments().get(i)) ? Optional.empty() : call.values().get(i);
            if (value.isEmpty()) {
                diagnostics.warning(call.span().start(), "argument " + (i + 1) + " of the call of '" + call.callee()
                        + "' (" + call.arguments().get(i) + ") is not a value lcm can bind to '" + dummy
                        + "' (an array section, a function result, ...); the models of '" + call.callee()
                        + "' keep '" + dummy + "' as their own variable");
            } else if (!(value.get() instanceof Expr.Var v && v.name().equals(dummy))) {
                bound.add(new Annotation.Binding(dummy, value.get()));
            }
        }
        return bound.isEmpty() ? use : use.withArguments(bound);
    }

    private static final Pattern REFERENCE = Pattern.compile("([A-Za-z_][A-Za-z0-9_]*)\\s*\\(");

    /** Whether an argument text calls a routine of the program: its value is a function result. */
    private boolean callsRoutine(String argument) {
        Matcher m = REFERENCE.matcher(argument);
        while (m.find()) {
            if (routines.containsKey(m.group(1)) || routines.containsKey(m.group(1).toLowerCase(Locale.ROOT))) {
                return true;
            }
        }
        return false;
    }
}
