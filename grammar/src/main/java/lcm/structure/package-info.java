/**
 * The language-neutral output of the front ends: ParsedFile (routines, declarations, file-level
 * annotations), Routine, Construct (loops, parallel constructs, calls, branches, statements) and
 * what annotations attached to (Attached). Immutable values; uses lcm.annotation, lcm.expr and
 * lcm.source; consumed by lcm.dag.
 */
package lcm.structure;
