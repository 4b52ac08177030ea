/**
 * Exact algebra on expressions: Alg keeps composed models in a normal form (rational coefficients,
 * sums of products, max kept symbolic unless one side dominates) and Rational is its number. Uses
 * lcm.expr only; used by compose and compare.
 */
package lcm.algebra;
