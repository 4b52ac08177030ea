/**
 * The composer's benchmarks for lcm bench: generated programs, compose and evaluation timings, the
 * compiled evaluator against a hand-written lambda.
 */
package lcm.bench;

