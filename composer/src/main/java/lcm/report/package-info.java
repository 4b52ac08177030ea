/**
 * Reports of a composed model: text, JSON and LaTeX (ComposeReport) and its dominant terms at a
 * point, and formulas of the costlier-branch rule written in cases (Piecewise). Uses lcm.compose,
 * lcm.algebra, lcm.dag, lcm.expr and lcm.source.
 */
package lcm.report;
