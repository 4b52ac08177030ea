/**
 * Measurement files: one reader per format (pp lines, CSV, Extra-P text) behind MeasurementFormats,
 * producing a MeasurementSet; Extraction filters measurements (-x); Numbers reads numbers strictly.
 */
package lcm.measure;

