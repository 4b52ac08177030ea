/**
 * The pp format, in one place: a data line's key=value pairs (PpLineCodec), the header lines lcm
 * reads back (PpHeader: machine, run, campaign mark) and a streaming reader that hands each line
 * to whoever sums it (PpReader), every bad value reported at its column. lcm measure writes
 * through the same codec.
 */
package lcm.pp;
