package lcm.antlr;

import org.antlr.v4.runtime.BaseErrorListener;
import org.antlr.v4.runtime.RecognitionException;
import org.antlr.v4.runtime.Recognizer;
import org.antlr.v4.runtime.Token;

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
            if (t.getType() == Token.EOF) {
                offset = Math.max(0, t.getStartIndex());
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
