/**
 * {@code lcm explore} (docs/explore.md): restructurings of a program's parallel structure that
 * lcm's rules can compose, made as edits of the {@code Program} value (never of its text),
 * searched to a depth, composed with {@code lcm.compose.Composer} and ranked against the program
 * as it is.
 */
package lcm.explore;
