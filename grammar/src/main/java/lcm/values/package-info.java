/**
 * Values typed on the command line, each with one parser and the messages every command shows:
 * Point, a value for each of some variables ({@code --at n=1024,p=26}, {@code --fix itors=16};
 * values may be constant expressions such as {@code 2^10}); Ranges, the values a variable takes
 * ({@code n=64:1024}, lists {@code p=1,2,4}, geometric {@code n=64:4096:*2}, {@code p=2^0:2^5});
 * Scale, a factor by fragment ({@code produce=2} or a bare {@code 0.5}). lcm.cli's picocli
 * converters call these parsers; compose, compare and fit take the parsed values.
 */
package lcm.values;

