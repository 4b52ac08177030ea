package lcm.algebra;

import lcm.expr.NumberText;
import org.junit.jupiter.api.Test;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

/** Rational's short decimal form: counted lengths agree with the written text. */
class RationalTextTest {

    @Test
    void decimalLengthIsTheLengthOfTheExactText() {
        String[] cases = {"0", "1", "-1", "0.5", "0.002", "0.0002", "12.5", "1200", "6.25e-7", "-6.25e-7",
            "123456789012", "1234567890123", "1e13", "-0.00125", "100.01"};
        for (String c : cases) {
            BigDecimal v = new BigDecimal(c);
            assertEquals(NumberText.exact(v).length(), Rational.decimalLength(v), c);
        }
        Random random = new Random(7);
        for (int i = 0; i < 2000; i++) {
            BigDecimal v = new BigDecimal(BigInteger.valueOf(random.nextLong() % 1_000_000_000L), random.nextInt(40) - 20);
            assertEquals(NumberText.exact(v).length(), Rational.decimalLength(v), v.toString());
        }
    }

    @Test
    void shortDecimalOnlyWhenItReadsNoLonger() {
        // 1/2 = 0.5 (3 characters, as many as "1/2"); 1/1024 = 0.0009765625 (12) is longer than "1/1024" (6)
        assertEquals(new BigDecimal("0.5"), Rational.of(BigInteger.ONE, BigInteger.TWO).shortDecimal());
        assertNull(Rational.of(BigInteger.ONE, BigInteger.valueOf(1024)).shortDecimal());
        // 1/3 has no finite decimal
        assertNull(Rational.of(BigInteger.ONE, BigInteger.valueOf(3)).shortDecimal());
        // 3/8 = 0.375 (5 characters, "3/8" is 3): the fraction
        assertNull(Rational.of(BigInteger.valueOf(3), BigInteger.valueOf(8)).shortDecimal());
        // 7/10 = 0.7 (3 characters, "7/10" is 4): the decimal
        assertEquals(new BigDecimal("0.7"), Rational.of(BigInteger.valueOf(7), BigInteger.TEN).shortDecimal());
    }
}
