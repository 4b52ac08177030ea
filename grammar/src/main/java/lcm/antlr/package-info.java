/**
 * The ANTLR plumbing shared by the grammars: the one parse entry (AntlrParsing), results with their
 * problems (Parsed), syntax-error listeners that report in words (SyntaxErrors) and where a text
 * came from (TextOrigin).
 */
package lcm.antlr;

