package lcm.cli;

import lcm.expr.Expr;
import lcm.fit.Formulas;
import lcm.source.SourceRegistry;
import picocli.CommandLine.Option;

/** {@code --loop-cost EXPR}: the runtime's known cost of a parallel loop, for li's fits (fit, annotate). */
final class LoopCostOption {

    @Option(names = "--loop-cost", paramLabel = "EXPR",
            description = "li only: the runtime's known cost of starting and ending a parallel loop, seconds per execution, "
                    + "an expression in the width w (a*(w-1) + b*(w-1)^2); subtracted from li before li is modelled from "
                    + "its causes and added back (data with lcm measure's tsd and tmean; docs/fitting.md).")
    private String text;

    /** The cost as parsed (errors point into the option's text), or null where none is given. */
    Expr parsed(SourceRegistry sources) {
        return text == null ? null : Formulas.loopCost(text, sources);
    }
}
