/**
 * The driver that reads like the pipeline: Pipeline turns source files into a Program with the
 * front end and the Program into a ComposedModel with lcm.compose. Uses lcm.frontend,
 * lcm.compose and lcm.source; used by lcm.compare (alternatives given as sources), lcm.bench and
 * lcm.cli.
 */
package lcm.pipeline;
