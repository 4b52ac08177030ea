/**
 * Chooses the front end for a file by its extension (Frontends) and reads a program's files into
 * ParsedFile values. Uses lcm.fortran, lcm.javasrc, lcm.structure and lcm.source.
 */
package lcm.frontend;
