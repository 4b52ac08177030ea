/**
 * Measurement files: one reader per format (pp lines, CSV, Extra-P text) behind MeasurementFormats,
 * producing a MeasurementSet; Extraction filters measurements (-x); Numbers reads numbers strictly.
 * Uses lcm.source and lcm.expr; used by lcm.fit and lcm.annotate.
 */
package lcm.measure;
