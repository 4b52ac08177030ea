/**
 * Reports of a composed model: text, JSON and LaTeX (ComposeReport) and its dominant terms at a
 * point, and formulas of the costlier-branch rule written in cases (Piecewise).
 */
package lcm.report;

