/**
 * The command line: one thin picocli command class per command (options in, one call of a
 * feature package, a report out), shared option mixins (FormatOption for --format,
 * SourceReadingOptions, CompositionOptions), converters of typed values (Converters for points,
 * ranges and scales, parsed by lcm.values; Seconds), Cli (streams, error handling, the last line
 * of defence), Home (the bundled fixtures: the repository's or those packaged in the jar), exit
 * codes, and CdsTraining (the launcher's class-data-sharing training run). Benchmarks and the
 * fuzzer get Main::run as a CommandRunner.
 */
package lcm.cli;

