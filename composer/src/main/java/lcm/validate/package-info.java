/**
 * Validation (docs/validation.md): a composed model against the runs lcm measure recorded of the
 * program, point by point (Validation, ValidationResult, ValidationRow: each point's measured
 * runs as a MeasuredPoint, with their spread and load). With the runs the models are fitted on,
 * the models are fitted as lcm annotate fits them and composed in memory (FittedComposition),
 * and every prediction gets a 90 % interval (Interval) from bootstrap resamples of those runs
 * (RunSample); with the measured structure's sources as well, each point gets the verdict
 * (Verdict). Printed by ValidationReport, plotted by ValidationPlot.
 */
package lcm.validate;
