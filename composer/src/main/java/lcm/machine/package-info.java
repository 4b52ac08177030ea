/**
 * The machine description: one {@code .machine} format (one {@code key = expression} a line,
 * {@code #} comments) and one reader for every command that needs a machine. {@code lcm compose}
 * and {@code lcm compare} take {@code latency}, {@code bandwidth} and {@code rc} (contention)
 * from it; {@code lcm critical-path --from/--to} takes {@code send}, {@code receive} and
 * {@code compute}. Each command says which keys it needs when one is missing. MachineDescription
 * is the one machine type: compose and trace use it directly (transfer costs, message times).
 * {@code lcm machine calibrate} writes the keys of a measured machine (processors, caches,
 * memory bandwidth, loop costs per runtime, the co-runner's pressure) with
 * {@link lcm.machine.CalibratedMachine}.
 */
package lcm.machine;
