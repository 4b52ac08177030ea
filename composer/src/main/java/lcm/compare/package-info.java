/**
 * lcm compare: loads alternatives (composed sources or .lcm model files), resolves the domain,
 * evaluates compiled models over a grid, finds crossovers, best structure per region and best
 * processor counts, and writes text, Markdown, LaTeX, CSV, JSON and plots. Its algebra is lcm's own
 * (lcm.algebra.Expansion, Derivative); lcm.symbolic (Symja) only with --symja.
 */
package lcm.compare;

