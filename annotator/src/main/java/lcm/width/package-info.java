/**
 * The width rule: the variables and processors composition gives each node of a program's DAG,
 * top down (VariableRules, Env), and the width each fragment runs at (FragmentWidths), with the
 * rules applied and the conditions to check at each point that they report (AppliedRule,
 * PointCheck). Below composition so that lcm measure (the width= of its lines) and lcm annotate
 * (the width of old lines) apply the same rule the composer does.
 */
package lcm.width;
