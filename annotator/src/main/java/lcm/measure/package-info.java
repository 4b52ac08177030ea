/**
 * Measurement files: one reader per format (pp lines, CSV, Extra-P text) behind MeasurementFormats,
 * producing a MeasurementSet; Extraction filters measurements (-x). The pp format itself is
 * lcm.pp's; numbers are read strictly by lcm.expr.Numbers.
 */
package lcm.measure;
