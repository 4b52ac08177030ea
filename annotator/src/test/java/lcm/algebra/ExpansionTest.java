package lcm.algebra;

import lcm.annotation.AnnotationReader;
import lcm.expr.Evaluator;
import lcm.expr.Expr;
import org.junit.jupiter.api.Test;

import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** lcm's expanded normal form: what compare shows for models, differences, speedup and efficiency. */
class ExpansionTest {

    private static String shown(String text) {
        return Expansion.display(AnnotationReader.expression(text)).text();
    }

    @Test
    void likeTermsMeetAcrossQuotients() {
        // (100 + 2p^2)/p - (60 + 3p^2)/p = 100/p + 2p - 60/p - 3p = 40/p - p
        assertEquals("40/p-p", shown("(100 + 2*p^2)/p - (60 + 3*p^2)/p"));
        assertEquals("0", shown("100/p + 2*p - (2*p + 100/p)"));
        assertEquals("100/p+2*p", shown("(100 + 2*p^2)/p"));
    }

    @Test
    void aQuotientBySumIsWrittenOverItsCommonDenominator() {
        // speedup of T = 100/p + 2p: T(1) = 102; 102/(100/p + 2p) = 102 p/(100 + 2p^2) = 51 p/(p^2 + 50)
        assertEquals("51*p/(p^2+50)", shown("102/(100/p + 2*p)"));
        // efficiency: 102/(p (100/p + 2p)) = 102/(100 + 2p^2) = 51/(p^2 + 50)
        assertEquals("51/(p^2+50)", shown("102/(p*(100/p + 2*p))"));
        // a sum divided by itself is 1, also when written in another order
        assertEquals("1", shown("(n + p)/(p + n)"));
        assertEquals("2*n", shown("(2*n*p + 2*n^2)/(p + n)"));
        // terms over one denominator are written as one quotient: (n^2 + 4n)/(n^2/p + 4 n p) = (n p + 4 p)/(n + 4 p^2)
        assertEquals("(n*p+4*p)/(4*p^2+n)", shown("(n^2 + 4*n)/(n^2/p + 4*n*p)"));
    }

    @Test
    void productsAndPowersOfSumsMultiplyOut() {
        // (a + b)^2 = a^2 + 2ab + b^2; (n + 1)(n - 1) = n^2 - 1
        assertEquals("a^2+2*a*b+b^2", shown("(a + b)^2"));
        assertEquals("n^2-1", shown("(n + 1)*(n - 1)"));
        // 3 (n^2 log(n)/3550 + n log(n)/63) / 26: coefficients exact, 3/(3550*26) = 3/92300
        assertEquals("3*n^2*log(n)/92300+n*log(n)/546", shown("3*(n^2*log(n)/3550 + n*log(n)/63)/26"));
    }

    @Test
    void rootsOfNumbersTakeOutWholePowers() {
        // 50 = 5^2 * 2: sqrt(50) = 5 sqrt(2); sqrt(12) = 2 sqrt(3); sqrt(2) sqrt(2) = 2; sqrt(1/4) = 1/2
        assertEquals("5*sqrt(2)", shown("sqrt(50)"));
        assertEquals("2*sqrt(3)", shown("sqrt(12)"));
        assertEquals("2", shown("sqrt(2)*sqrt(2)"));
        assertEquals("0.5", shown("sqrt(0.25)"));
        // (n/4)^(1/2) = sqrt(n)/2
        assertEquals("0.5*sqrt(n)", shown("(n/4)^0.5"));
    }

    @Test
    void variablesArePositiveOtherAtomsKeepTheirRoots() {
        // sqrt(n^2 p) = n sqrt(p) for n, p > 0; p * sqrt(p) = p^(3/2) reads p*sqrt(p)
        assertEquals("n*sqrt(p)", shown("sqrt(n^2*p)"));
        assertEquals("p*sqrt(p)", shown("p*sqrt(p)"));
        // log(n)^2 under a root is |log(n)|, not log(n): kept whole
        assertEquals("sqrt(log(n)^2)", shown("sqrt(log(n)^2)"));
    }

    @Test
    void functionsOfNumbersFold() {
        // log2(1024) = 10, max(3, 5) = 5, ceil(2.5) = 3, log(1) = 0
        assertEquals("10*p", shown("log2(1024)*p"));
        assertEquals("ceil(0.5*p)+5", shown("max(3, 5) + ceil(p/2)"));
        assertEquals("3", shown("ceil(2.5) + log(1)"));
        // the arguments of max are expanded too: max((2p^2 + 4)/2, p) = max(p^2 + 2, p)
        assertEquals("max(p^2+2, p)", shown("max((2*p^2 + 4)/2, p)"));
    }

    @Test
    void hugeNumbersAreNotComputed() {
        // 2^999999999 would be a number of 300 million digits: kept as written
        assertEquals("p*2^999999999", shown("2^999999999*p"));
    }

    @Test
    void theExpandedFormHasTheSameValue() {
        String t = "16*(n^2/102400 + 2*n^2*log(n)/142000)/p + 16*n*p*sqrt(p)*log(n)/2000000/p + 16*n^2*max(p - 8, 0)/p";
        Expr e = AnnotationReader.expression(t);
        Map<String, Double> at = Map.of("n", 512.0, "p", 13.0);
        assertEquals(Evaluator.eval(e, at), Evaluator.eval(Expansion.display(e), at), 1e-12 * Evaluator.eval(e, at));
    }
}
