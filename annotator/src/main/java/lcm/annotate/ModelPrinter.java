package lcm.annotate;

import lcm.expr.Expr;
import lcm.expr.ExprPrinter;

/**
 * Prints a model the way people write them in source comments: blanks around binary
 * {@code +} and {@code -} only ({@code 0.0020062*(p - 1) + 3.1e-5*n^2}), or no blanks at all. {@link ExprPrinter} does the work, so the text
 * parses back to the same expression.
 */
final class ModelPrinter {

    private ModelPrinter() {
    }

    static String print(Expr e, boolean spaced) {
        return spaced ? ExprPrinter.printSpaced(e) : ExprPrinter.printCompact(e);
    }
}
