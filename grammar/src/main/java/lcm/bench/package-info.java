/**
 * The parse benchmark of lcm bench: a generator of fixed-form Fortran and its timing. Uses the
 * front ends; nothing in main code outside lcm.cli uses it.
 */
package lcm.bench;
