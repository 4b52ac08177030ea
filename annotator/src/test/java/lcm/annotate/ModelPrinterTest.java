package lcm.annotate;

import lcm.annotation.AnnotationReader;
import lcm.expr.Expr;
import org.junit.jupiter.api.Test;

import java.math.BigDecimal;
import java.util.List;

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

    @Test
    void modelsSubtractNegativeCoefficientsAndDropZeros() {
        Shape s = Shape.of(Shape.ONE, Expr.var("n"), Hinge.of("p", true, -3).expr(), Expr.var("p"));
        CategoryModel m = new CategoryModel(lcm.annotation.Category.PC, "pc", s, List.of(-0.5, 2.000004, 1e-3, 0.0),
                CategoryModel.Combination.SINGLE, List.of(), 0);
        assertEquals("-0.5 + 2*n + 0.001*max(p + 3, 0)", ModelPrinter.print(m.model(5), true));
        assertEquals("-0.5 + 2.000004*n + 0.001*max(p + 3, 0)", ModelPrinter.print(m.model(7), true));
    }

    @Test
    void hingesAreFoundAndMovedInsideTerms() {
        Hinge h = Hinge.of("p", true, 4.03612345);
        assertEquals(new BigDecimal("4.0361"), h.kink());
        Expr term = Shape.times(Expr.pow(Expr.var("n"), Expr.num(2)), h.expr());
        assertEquals(List.of(h), Hinge.in(term));
        assertEquals("n^2*max(p-5,0)", Hinge.replace(term, h, h.at(5)).text().replace(" ", ""));
        assertEquals(List.of(Hinge.of("p", false, 2)), Hinge.in(AnnotationReader.expression("k1*max(2 - p, 0)")));
    }
}
