/**
 * lcm annotate: matches measurement tags to the fragments of the DAG, models every fragment and
 * category with lcm.fit, and writes the chosen models into the sources in their own comment style,
 * atomically and idempotently. It reads the sources with lcm.frontend's ProgramReader and places
 * model lines by the parse tree (lcm.structure).
 */
package lcm.annotate;

