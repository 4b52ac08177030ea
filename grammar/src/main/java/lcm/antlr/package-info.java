/**
 * The ANTLR plumbing shared by the grammars: parse entry points (AntlrParsing), results with their
 * problems (Parsed), syntax-error listeners that report in words (SyntaxErrors) and where a text
 * came from (TextOrigin). Uses the generated parsers of lcm.grammar and lcm.source; used by the
 * front ends and lcm.annotation.
 */
package lcm.antlr;
