package lcm.expr;

import org.junit.jupiter.api.Test;

import java.math.BigDecimal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;

class SharedAtomsTest {

    @Test
    void smallIntegersAreOneObjectEach() {
        assertSame(Expr.num(108), Expr.num(108));
        assertSame(Expr.num(-1), Expr.num(new BigDecimal("-1")));
        assertSame(Expr.num(4096), Expr.num(4096));
        // beyond the shared range: equal, not the same
        assertNotSame(Expr.num(4097), Expr.num(4097));
        assertEquals(Expr.num(4097), Expr.num(4097));
    }

    @Test
    void aNumberKeepsTheFormItWasWrittenIn() {
        // 2.0 and 1e3 are not the integers 2 and 1000 in form (their text and scale differ)
        Expr.Num twoPointZero = Expr.num(new BigDecimal("2.0"));
        assertEquals(1, twoPointZero.value().scale());
        assertNotEquals(Expr.num(2), twoPointZero);
        assertEquals(-3, Expr.num(new BigDecimal("1e3")).value().scale());
        assertEquals(new BigDecimal("123456789012345678"), Expr.num(new BigDecimal("123456789012345678")).value());
    }

    @Test
    void aVariableIsSharedByName() {
        assertSame(Expr.var("itors"), Expr.var("itors"));
        assertEquals(new Expr.Var("n"), Expr.var("n"));
    }
}
