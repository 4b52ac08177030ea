/**
 * The command line: one picocli command class per command, Cli (streams, error handling, the last
 * line of defence), Home (where the fixtures are), exit codes. Uses every stage; nothing else uses
 * it.
 */
package lcm.cli;
