/**
 * lcm annotate: matches measurement tags to the fragments of the DAG, models every fragment and
 * category with lcm.fit, and writes the chosen models into the sources in their own comment style,
 * atomically and idempotently. Uses lcm.dag, lcm.structure, lcm.fit, lcm.measure, lcm.expr and
 * lcm.source.
 */
package lcm.annotate;
