/**
 * Reports of a composed model: text, JSON and LaTeX (ComposeReport) and its dominant terms at a
 * point.
 */
package lcm.report;

