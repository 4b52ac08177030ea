/**
 * The parse tree, the language-neutral output of the front ends: ParsedFile (routines,
 * declarations, file-level annotations), Routine, Construct (loops, parallel constructs, calls,
 * branches, statements), what annotations attached to (Attached), and the one attach rule both
 * front ends follow (AttachRule). Immutable values, except the AttachRule a block builder keeps
 * while it reads.
 */
package lcm.structure;

