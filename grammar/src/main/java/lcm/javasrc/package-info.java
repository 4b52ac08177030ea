/**
 * The Java front end: reads a file with javaparser, finds the @lcm comments and the parallel
 * constructs of the code (streams, pools, futures, threads) and converts everything at once into a
 * ParsedFile; javaparser's tree never leaves this package.
 */
package lcm.javasrc;

