/**
 * The Fortran front end: a line layer (fixed and free form, continuations, comments, KSR and OpenMP
 * directives, annotation lines, include expansion) under an ANTLR grammar of logical statements,
 * turning a file into a ParsedFile.
 */
package lcm.fortran;

