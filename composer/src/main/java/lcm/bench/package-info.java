/**
 * The composer's benchmarks for lcm bench: generated programs, compose and evaluation timings, the
 * compiled evaluator against a hand-written lambda, and the fuzzer (lcm.bench.fuzz). Uses every
 * stage but no command class: what runs a whole command line is handed in (CommandRunner);
 * only lcm.cli uses it.
 */
package lcm.bench;
