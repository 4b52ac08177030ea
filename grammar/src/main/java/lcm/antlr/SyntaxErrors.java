package lcm.antlr;

import org.antlr.v4.runtime.BaseErrorListener;
import org.antlr.v4.runtime.Parser;
import org.antlr.v4.runtime.RecognitionException;
import org.antlr.v4.runtime.Recognizer;
import org.antlr.v4.runtime.Token;
import org.antlr.v4.runtime.Vocabulary;
import org.antlr.v4.runtime.misc.IntervalSet;

/**
 * Records the first syntax error of a parse (later ones are consequences of the first) as an
 * offset into the parsed text and a message for humans: "unexpected '/'", "unexpected end of line".
 */
public final class SyntaxErrors extends BaseErrorListener {

    private int offset = -1;
    private String message;

    @Override
    public void syntaxError(Recognizer<?, ?> recognizer, Object offendingSymbol, int line, int charPositionInLine,
                            String msg, RecognitionException e) {
        if (message != null) {
            return;
        }
        if (offendingSymbol instanceof Token t) {
            offset = Math.max(0, t.getStartIndex());
            message = t.getType() == Token.EOF ? "unexpected end of text" : "unexpected '" + t.getText() + "'";
            if (recognizer instanceof Parser p) {
                IntervalSet expected = e != null && e.getExpectedTokens() != null ? e.getExpectedTokens()
                        : p.getExpectedTokens();
                String words = expectation(expected, p.getVocabulary());
                if (!words.isEmpty()) {
                    message += ", " + words;
                }
            }
        } else {
            // lexer errors cannot happen (catch-all token), but keep a message if they do
            offset = charPositionInLine;
            message = "unexpected character";
        }
    }

    /** A limit the text exceeds, at {@code offset}: reported instead of any syntax error. */
    public void limit(int offset, String message) {
        this.offset = offset;
        this.message = message;
    }

    /**
     * What the parser expected, in words: {@code expecting an expression} where a number or a
     * name could come, {@code expecting a name}, {@code expecting ')'} for one symbol,
     * {@code expecting the end of the line}; empty where the set says nothing useful.
     */
    static String expectation(IntervalSet expected, Vocabulary vocabulary) {
        if (expected == null || expected.isNil()) {
            return "";
        }
        boolean number = false;
        boolean name = false;
        for (int type : expected.toList()) {
            String symbol = vocabulary.getSymbolicName(type);
            number |= "NUMBER".equals(symbol);
            name |= "ID".equals(symbol);
        }
        if (number) {
            return "expecting an expression";
        }
        if (name) {
            return "expecting a name";
        }
        if (expected.size() == 1) {
            int only = expected.getMinElement();
            if (only == Token.EOF) {
                return "expecting the end of the line";
            }
            String literal = vocabulary.getLiteralName(only);
            return literal == null ? "" : "expecting " + literal;
        }
        return "";
    }

    public boolean any() {
        return message != null;
    }

    public int offset() {
        return offset;
    }

    public String message() {
        return message;
    }
}
