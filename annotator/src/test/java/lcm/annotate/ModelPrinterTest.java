package lcm.annotate;

import lcm.annotation.AnnotationReader;
import lcm.expr.Expr;
import org.junit.jupiter.api.Test;


import static org.junit.jupiter.api.Assertions.assertEquals;

/** Model text as written in comments: blanks around + and - only, and it parses back to the same expression. */
class ModelPrinterTest {

    private static void roundTrip(String text, String spaced, String compact) {
        Expr e = AnnotationReader.expression(text);
        assertEquals(spaced, ModelPrinter.print(e, true));
        assertEquals(compact, ModelPrinter.print(e, false));
        assertEquals(e.text(), AnnotationReader.expression(spaced).text());
        assertEquals(e.text(), AnnotationReader.expression(compact).text());
    }

    @Test
    void blanksAroundPlusAndMinusOnly() {
        roundTrip("0.0019657 + 0.0020161*(p - 1)", "0.0019657 + 0.0020161*(p - 1)", "0.0019657+0.0020161*(p-1)");
        roundTrip("3.5e-8*n^2*max(p - 4.0361, 0)", "3.5e-8*n^2*max(p - 4.0361, 0)", "3.5e-8*n^2*max(p-4.0361,0)");
        roundTrip("a - (b - c)", "a - (b - c)", "a-(b-c)");
        roundTrip("-2*n/(p*q)", "-2*n/(p*q)", "-2*n/(p*q)");
        roundTrip("n^(3/2)*log2(n)^2", "n^(3/2)*log2(n)^2", "n^(3/2)*log2(n)^2");
    }
}
