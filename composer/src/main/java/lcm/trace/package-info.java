/**
 * Traces and critical paths: readers for synchronization and message traces, Paraver and Chrome
 * files, a streaming critical-path engine in flat memory, trace transformation between machines,
 * with the message times of lcm.machine's description.
 */
package lcm.trace;

