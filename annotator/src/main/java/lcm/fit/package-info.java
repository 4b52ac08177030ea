/**
 * Fitting, the thesis' lca: candidate forms (CandidateTable, Formulas), linear and
 * Levenberg-Marquardt least squares, normal-form and multi-variable searches, ranking, and the
 * text, JSON and plot outputs of lcm fit (commons-math3, XChart).
 */
package lcm.fit;

