package lcm.machine;

import lcm.probe.calibration.LoopCostFit;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** How the calibrated machine file writes rates and loop costs. */
class CalibratedMachineTest {

    @Test
    void ratesKeepSevenDigitsAndAnExponent() {
        assertEquals("6.400494e9", CalibratedMachine.rate(6400494000.0));
        assertEquals("1.091318e10", CalibratedMachine.rate(10913180000.0));
        assertEquals("1e10", CalibratedMachine.rate(9999999999.0));
        assertEquals("52000000", CalibratedMachine.rate(5.2e7));
    }

    @Test
    void aLoopCostWritesOnlyItsTermsAboveZero() {
        assertEquals("1.5e-5*(w-1) + 2e-7*(w-1)^2", CalibratedMachine.expression(new LoopCostFit(1.5e-5, 2e-7, 0, "")));
        assertEquals("0.000119915*(w-1)", CalibratedMachine.expression(new LoopCostFit(0.000119915, 0, 0, "")));
        assertEquals("3e-7*(w-1)^2", CalibratedMachine.expression(new LoopCostFit(0, 3e-7, 0, "")));
        assertEquals("0", CalibratedMachine.expression(new LoopCostFit(0, 0, 0, "")));
    }
}
