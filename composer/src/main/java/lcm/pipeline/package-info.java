/**
 * Source files to a composed model: the reader's Program handed to the Composer, for the callers
 * that start from files (alternatives given as sources in lcm compare, benchmarks, commands).
 */
package lcm.pipeline;

