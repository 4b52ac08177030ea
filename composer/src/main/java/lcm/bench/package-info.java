/**
 * The composer's benchmarks for lcm bench: generated programs, compose and evaluation timings, the
 * compiled evaluator against a hand-written lambda. Uses every stage; only lcm.cli uses it.
 */
package lcm.bench;
