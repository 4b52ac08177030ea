/**
 * The parallel-structure DAG: StructureBuilder turns parsed files into Node values (serial,
 * parallel, parallel loop, loop, fragment, leaf; a routine called twice is one shared node),
 * DagText, DagDot and DagJson print it. Uses lcm.structure, lcm.annotation, lcm.expr and
 * lcm.source; used by annotate, compose and the CLI.
 */
package lcm.dag;
