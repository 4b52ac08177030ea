/**
 * Composition: variable rules top down (VariableRules, Env), category rules bottom up (Composer),
 * data traces for cl and rc (DataTrace, Transfer), synchronization by critical path (SyncNode),
 * producing a ComposedModel with the rules applied. Uses lcm.dag, lcm.annotation, lcm.algebra,
 * lcm.symbolic, lcm.machine (transfer costs), lcm.trace's engine, lcm.expr and lcm.source; never lcm.cli or lcm.bench.
 */
package lcm.compose;
