/**
 * Reports of a composed model: text, JSON and LaTeX (ComposeReport) and its dominant terms at a
 * point. Uses lcm.compose, lcm.dag, lcm.expr and lcm.source.
 */
package lcm.report;
