/**
 * Reports of a composed model: text, JSON and LaTeX (ComposeReport), points given on the command
 * line (Point). Uses lcm.compose, lcm.dag, lcm.expr and lcm.source.
 */
package lcm.report;
