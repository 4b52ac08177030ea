/**
 * The walk-through of {@code lcm demo} (Fft2dDemo): the thesis' 2D FFT on the KSR1 against its
 * Table 5.3, then the Java versions' real measurements fitted, annotated, composed and compared.
 * Calls the feature packages as a user would; the command line shows its progress.
 */
package lcm.demo;
