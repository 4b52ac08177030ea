/**
 * The composer's benchmarks for lcm bench: generated programs, compose and evaluation timings, the
 * compiled evaluator against a hand-written lambda, and the fuzzer (lcm.bench.fuzz). What runs a
 * whole command line is handed in (CommandRunner): no command class is used here.
 */
package lcm.bench;

