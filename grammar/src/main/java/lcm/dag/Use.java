package lcm.dag;

import lcm.annotation.Annotation;
import lcm.annotation.DataItem;
import lcm.source.SourceLocation;

import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * How a parent uses a child: the annotations written at the place of use. A shared node
 * (a routine called twice) has one {@link Node} but a {@code Use} per call, so data
 * annotations and variable rules stay with the call that has them (Fig. 6.4 of the thesis).
 *
 * @param at        where the use is written (the call, the section directive, the statement)
 * @param vars      {@code vars:} bindings, plus those the code implies ({@code num_threads}, {@code single})
 * @param scope     what the declarations visible where the use is written say of their variables' sizes,
 *                  by name, to size its data items
 * @param arguments a call's actual arguments bound to the callee's dummy names (dummy = actual),
 *                  for the dummies the callee's models and trip counts use; {@code vars:} wins
 *                  over an argument of the same name
 * @param independent where an {@code independent} mark says that the used loop's iterations
 *                  touch no data another iteration writes (empty where none does): lcm explore
 *                  may then run the loop as a parallel loop
 */
public record Use(SourceLocation at, List<DataItem> inputs, List<DataItem> outputs,
                  List<Annotation.Binding> vars, Optional<SourceLocation> varsAt,
                  Map<String, Storage> scope, List<Annotation.Binding> arguments,
                  Optional<SourceLocation> independent) {

    public Use {
        inputs = List.copyOf(inputs);
        outputs = List.copyOf(outputs);
        vars = List.copyOf(vars);
        scope = Map.copyOf(scope);
        arguments = List.copyOf(arguments);
        Objects.requireNonNull(independent, "independent");
    }

    /** A use without call arguments and without an {@code independent} mark. */
    public Use(SourceLocation at, List<DataItem> inputs, List<DataItem> outputs, List<Annotation.Binding> vars,
               Optional<SourceLocation> varsAt, Map<String, Storage> scope) {
        this(at, inputs, outputs, vars, varsAt, scope, List.of(), Optional.empty());
    }

    public static Use plain(SourceLocation at) {
        return new Use(at, List.of(), List.of(), List.of(), Optional.empty(), Map.of());
    }

    /** This use with the argument bindings of its call. */
    public Use withArguments(List<Annotation.Binding> bound) {
        return new Use(at, inputs, outputs, vars, varsAt, scope, bound, independent);
    }

    public boolean hasData() {
        return !inputs.isEmpty() || !outputs.isEmpty();
    }

    /** No data lines, no bindings, no {@code independent} mark: the use says nothing the node does not. */
    public boolean isPlain() {
        return inputs.isEmpty() && outputs.isEmpty() && vars.isEmpty() && independent.isEmpty();
    }
}
