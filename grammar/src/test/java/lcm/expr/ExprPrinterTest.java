package lcm.expr;

import org.junit.jupiter.api.Test;

import java.math.BigDecimal;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** One printer, five styles; one number format. */
class ExprPrinterTest {

    private static final Expr N = Expr.var("n");
    private static final Expr P = Expr.var("p");

    // 0.0020062*(p - 1) + 3.1e-5*n^2 - max(p - 4, 0)
    private static final Expr MODEL = Expr.sub(Expr.add(Expr.mul(Expr.num("0.0020062"), Expr.sub(P, Expr.num(1))),
            Expr.mul(Expr.num("3.1e-5"), Expr.pow(N, Expr.num(2)))), Expr.call(Fn.MAX, Expr.sub(P, Expr.num(4)), Expr.num(0)));

    @Test
    void aLongTextIsWrittenToItsTargetInPiecesThatMakeTheSameText() throws Exception {
        // a model sharing one subexpression 4,000 times prints it 4,000 times (about 100 KB)
        java.util.List<Expr> terms = new java.util.ArrayList<>(java.util.List.of(MODEL));
        for (int i = 1; i < 4000; i++) {
            terms.add(Expr.mul(Expr.num(i), MODEL));
        }
        while (terms.size() > 1) { // a balanced sum (a + needs no parentheses on either side)
            java.util.List<Expr> pairs = new java.util.ArrayList<>();
            for (int i = 0; i < terms.size(); i += 2) {
                pairs.add(i + 1 < terms.size() ? Expr.add(terms.get(i), terms.get(i + 1)) : terms.get(i));
            }
            terms = pairs;
        }
        Expr sum = terms.get(0);
        StringBuilder whole = new StringBuilder();
        int[] pieces = {0};
        Appendable target = new Appendable() {
            @Override
            public Appendable append(CharSequence csq) {
                pieces[0]++;
                whole.append(csq);
                return this;
            }

            @Override
            public Appendable append(CharSequence csq, int start, int end) {
                return append(csq.subSequence(start, end));
            }

            @Override
            public Appendable append(char c) {
                return append(String.valueOf(c));
            }
        };
        ExprPrinter.print(sum, ExprPrinter.Style.PLAIN, Map.of(), target);
        String text = ExprPrinter.print(sum);
        assertEquals(text, whole.toString());
        // the model once, then 3,999 times "+i*(model)": 4 more characters than i's digits each
        int digits = 9 * 1 + 90 * 2 + 900 * 3 + 3000 * 4;
        assertEquals(4000 * ExprPrinter.print(MODEL).length() + 3999 * 4 + digits, text.length());
        // written in pieces of about 16 KB, not held whole
        int chunks = text.length() / (1 << 14);
        assertTrue(pieces[0] >= chunks && pieces[0] <= chunks + 2, pieces[0] + " pieces for " + text.length() + " characters");
    }

    @Test
    void textStyles() {
        assertEquals("0.0020062*(p-1)+3.1e-5*n^2-max(p-4, 0)", ExprPrinter.print(MODEL));
        assertEquals("0.0020062*(p - 1) + 3.1e-5*n^2 - max(p - 4, 0)", ExprPrinter.printSpaced(MODEL));
        assertEquals("0.0020062*(p-1)+3.1e-5*n^2-max(p-4,0)", ExprPrinter.printCompact(MODEL));
        assertEquals("0.0020062 * (p - 1) + 3.1e-5 * n^2 - max(p - 4, 0)", ExprPrinter.print(MODEL, ExprPrinter.Style.LCA));
    }

    @Test
    void lcaStyleShowsCoefficientsWithTheirIntervals() {
        Expr form = Expr.add(Expr.var("k1"), Expr.product(Expr.var("k2"), Expr.mul(P, Expr.call(Fn.SQRT, P))));
        assertEquals("(0.5 +/- 0.1) + (0.01022 +/- 0.00316) * p * sqrt(p)", ExprPrinter.print(form, ExprPrinter.Style.LCA,
                Map.of("k1", "(0.5 +/- 0.1)", "k2", "(0.01022 +/- 0.00316)")));
        // lca's style sets every equal-precedence right operand in parentheses, and keeps constant exponents tight
        assertEquals("n - (p + 1) * n^(-1)", ExprPrinter.print(Expr.sub(N, Expr.mul(Expr.add(P, Expr.num(1)),
                Expr.pow(N, new Expr.Neg(Expr.num(1))))), ExprPrinter.Style.LCA));
    }

    @Test
    void latexStyle() {
        Expr e = Expr.add(Expr.mul(Expr.var("itors"), Expr.div(Expr.pow(N, Expr.num(2)), P)), Expr.num("6.25e-7"));
        assertEquals("\\frac{\\mathit{itors} \\, n^{2}}{p} + 6.25 \\times 10^{-7}", ExprPrinter.printLatex(e));
    }

    @Test
    void textParsesBackToTheSameValue() {
        // -(a+b) keeps its parentheses, a-(b-c) and a/(b*c) too
        Expr e = Expr.div(new Expr.Neg(Expr.add(N, P)), Expr.mul(P, Expr.sub(N, Expr.sub(P, N))));
        assertEquals("-(n+p)/(p*(n-(p-n)))", ExprPrinter.print(e));
    }

    @Test
    void oneNumberFormat() {
        assertEquals("NaN", NumberText.digits(Double.NaN, 6));
        assertEquals("NaN", NumberText.plain(Double.NaN));
        assertEquals("NaN", NumberText.text(Double.NaN));
        assertEquals("inf", NumberText.plain(Double.POSITIVE_INFINITY));
        assertEquals("-inf", NumberText.text(Double.NEGATIVE_INFINITY));
        assertEquals("26", NumberText.plain(26));
        assertEquals("6.324555", NumberText.plain(Math.sqrt(40)));
        // 1.5e-5 and 3.2e10: scientific below 0.001 and from 10^10 on, no padding in the exponent
        assertEquals("1.5e-5", NumberText.digits(1.5e-5, 6));
        assertEquals("3.25e10", NumberText.digits(3.25e10 + 0.5, 3));
        // the sum of nanosecond timestamps in seconds prints as written
        assertEquals("0.555370387", NumberText.text(0.5553703870000001));
        assertEquals("0.0012", NumberText.digits(0.0012, 4));
        assertEquals("6.25e-7", NumberText.exact(new BigDecimal("6.250E-7")));
        assertEquals("n = 1024, p = 26", NumberText.point(new java.util.LinkedHashMap<>(Map.of("n", 1024.0)) {
            {
                put("p", 26.0);
            }
        }));
    }
}
