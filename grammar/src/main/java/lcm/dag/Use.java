package lcm.dag;

import lcm.annotation.Annotation;
import lcm.annotation.DataItem;
import lcm.source.SourceLocation;
import lcm.structure.Declaration;

import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * How a parent uses a child: the annotations written at the place of use. A shared node
 * (a routine called twice) has one {@link Node} but a {@code Use} per call, so data
 * annotations and variable rules stay with the call that has them (Fig. 6.4 of the thesis).
 *
 * @param at        where the use is written (the call, the section directive, the statement)
 * @param vars      {@code vars:} bindings, plus those the code implies ({@code num_threads}, {@code single})
 * @param scope     declarations visible where the use is written, to size its data items
 */
public record Use(SourceLocation at, List<DataItem> inputs, List<DataItem> outputs,
                  List<Annotation.Binding> vars, Optional<SourceLocation> varsAt,
                  Map<String, Declaration> scope) {

    public Use {
        inputs = List.copyOf(inputs);
        outputs = List.copyOf(outputs);
        vars = List.copyOf(vars);
        scope = Map.copyOf(scope);
    }

    public static Use plain(SourceLocation at) {
        return new Use(at, List.of(), List.of(), List.of(), Optional.empty(), Map.of());
    }

    public boolean hasData() {
        return !inputs.isEmpty() || !outputs.isEmpty();
    }

    public boolean isPlain() {
        return inputs.isEmpty() && outputs.isEmpty() && vars.isEmpty();
    }
}
