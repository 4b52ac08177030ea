package lcm.compare;

/**
 * The number of processors with the least T_P in the range, at one value of the row axis.
 *
 * @param row        the row axis' value (NaN when p is the only axis)
 * @param p          the best p
 * @param time       T_P there
 * @param speedup    T_P(p = 1) / T_P there
 * @param efficiency speedup / p
 * @param stationary whether dT/dp = 0 there (else the best p is an end of the range)
 */
public record BestP(double row, double p, double time, double speedup, double efficiency, boolean stationary) {
}
