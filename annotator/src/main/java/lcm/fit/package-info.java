/**
 * Fitting, the thesis' lca: candidate forms (CandidateTable, Formulas), linear and
 * Levenberg-Marquardt least squares, normal-form and multi-variable searches, ranking, and the
 * text, JSON and plot outputs of lcm fit. Uses lcm.measure, lcm.expr, lcm.values, lcm.source, commons-math3 and
 * XChart.
 */
package lcm.fit;
