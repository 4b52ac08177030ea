/**
 * Exact algebra on expressions: Alg keeps composed models in a normal form (rational coefficients,
 * sums of products, max kept symbolic unless one side dominates) and Rational is its number.
 * Expansion multiplies a model out (like terms across models, common denominators) and Derivative
 * differentiates it exactly: what compare shows, without Symja. Positivity proves signs on the
 * domain of sizes and processors (every variable at least 1).
 */
package lcm.algebra;

