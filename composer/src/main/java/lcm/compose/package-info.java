/**
 * Composition of a Program into a ComposedModel: the variable rules top down (lcm.width), the
 * category rules bottom up (StructuralRules), the data-trace rules for cl and rc (DataTrace,
 * DataTraceRules, Charges, Transfer), synchronization by critical path (SyncRules, SyncNode), and
 * the rules applied (RuleLog). Composer runs them. Composition reads nothing but the Program: it
 * never sees how the program was written (lcm.ArchitectureTest).
 */
package lcm.compose;

