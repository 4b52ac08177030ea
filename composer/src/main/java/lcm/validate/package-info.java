/**
 * Validation (docs/validation.md): a composed model against the runs lcm measure recorded of the
 * program, point by point (Validation), printed as a table of predicted and measured time with
 * the errors' median and maximum and, per category, predicted and measured processor-seconds
 * (ValidationReport), and plotted (ValidationPlot). Uses lcm.compose (the model), lcm.probe (the
 * recorded runs), lcm.expr and lcm.source.
 */
package lcm.validate;
