/**
 * The parse benchmark of lcm bench: a generator of fixed-form Fortran and its timing.
 */
package lcm.bench;

