/**
 * Calibrating a machine ({@code lcm machine calibrate}, docs/measure.md, "Calibrating a machine"):
 * the kernels that measure it, each run in a program of its own pinned to the processors it
 * concerns (the triad of memory bandwidth, the loop-start and loop-end benchmarks of the Java
 * common pool and of OpenMP), the fit of the loop cost, the caches sysfs gives, and the co-runner
 * {@code lcm measure --co-runner} runs beside a program.
 */
package lcm.probe.calibration;
