/**
 * The command line: one picocli command class per command, shared option mixins
 * (SourceReadingOptions, CompositionOptions), converters of typed values (Converters for points,
 * ranges and scales, parsed by lcm.values; Seconds), Cli (streams, error handling, the last line
 * of defence), Home (the bundled fixtures: the repository's or those packaged in the jar), exit
 * codes.
 */
package lcm.cli;

