package lcm.report;

/**
 * The output formats of lcm's reports, one list for every command: each command prints a set
 * of them (its {@code --format} names those it has, {@code text} first and the default).
 */
public enum Format { text, markdown, csv, json, latex }
