package lcm.antlr;

import org.antlr.v4.runtime.BailErrorStrategy;
import org.antlr.v4.runtime.CharStream;
import org.antlr.v4.runtime.CharStreams;
import org.antlr.v4.runtime.CommonTokenStream;
import org.antlr.v4.runtime.DefaultErrorStrategy;
import org.antlr.v4.runtime.InputMismatchException;
import org.antlr.v4.runtime.Lexer;
import org.antlr.v4.runtime.Parser;
import org.antlr.v4.runtime.ParserRuleContext;
import org.antlr.v4.runtime.RecognitionException;
import org.antlr.v4.runtime.Token;
import org.antlr.v4.runtime.TokenSource;
import org.antlr.v4.runtime.TokenStream;
import org.antlr.v4.runtime.atn.PredictionMode;
import org.antlr.v4.runtime.misc.ParseCancellationException;

import java.util.function.Function;

/**
 * The one way lcm runs an ANTLR grammar, for all three (annotations, Fortran statements,
 * directives), as Trino runs its SQL grammar: the default error listeners replaced by ours,
 * SLL prediction first with a bail-out, then full LL with error reporting and no recovery, and
 * deep nesting turned into an ordinary error instead of a crash. A parse either gives a tree
 * or leaves its first syntax error in {@link SyntaxErrors}; no input is repaired.
 */
public final class AntlrParsing {

    private AntlrParsing() {
    }

    /**
     * Reports the first syntax error and stops, as Trino's parser does: no token is inserted or
     * deleted to go on, so no later message is made up from a repaired input.
     */
    private static final class NoRecovery extends DefaultErrorStrategy {
        @Override
        public void recover(Parser recognizer, RecognitionException e) {
            throw new ParseCancellationException(e);
        }

        @Override
        public Token recoverInline(Parser recognizer) {
            InputMismatchException e = new InputMismatchException(recognizer);
            reportError(recognizer, e);
            throw new ParseCancellationException(e);
        }

        @Override
        public void sync(Parser recognizer) {
            // no single-token deletion or insertion ahead of a decision
        }
    }

    /**
     * Parses {@code text} with the grammar of {@code lexer} and {@code parser} from the rule
     * {@code entry}; null, with the error in {@code errors}, when it does not parse or nests
     * deeper than {@link NestingLimit} allows.
     */
    public static <P extends Parser, T extends ParserRuleContext> T parse(String text, Function<CharStream, Lexer> lexer,
                                                                          Function<TokenStream, P> parser,
                                                                          Function<P, T> entry, SyntaxErrors errors) {
        int beyond = NestingLimit.firstBeyond(text);
        if (beyond >= 0) {
            errors.limit(beyond, NestingLimit.MESSAGE);
            return null;
        }
        return parse(quiet(lexer.apply(CharStreams.fromString(text))), parser, entry, errors);
    }

    /**
     * Parses the tokens of {@code source} (a lexer, or tokens a caller chose) from the rule
     * {@code entry}; null, with the error in {@code errors}, when they do not parse.
     */
    public static <P extends Parser, T extends ParserRuleContext> T parse(TokenSource source,
                                                                          Function<TokenStream, P> newParser,
                                                                          Function<P, T> entry, SyntaxErrors errors) {
        CommonTokenStream tokens = new CommonTokenStream(source);
        P parser = newParser.apply(tokens);
        parser.removeErrorListeners();
        parser.getInterpreter().setPredictionMode(PredictionMode.SLL);
        parser.setErrorHandler(new BailErrorStrategy());
        try {
            try {
                return entry.apply(parser);
            } catch (ParseCancellationException sllFailed) {
                tokens.seek(0);
                parser.reset();
                parser.addErrorListener(errors);
                parser.setErrorHandler(new NoRecovery());
                parser.getInterpreter().setPredictionMode(PredictionMode.LL);
                try {
                    return entry.apply(parser);
                } catch (ParseCancellationException stopped) {
                    return null; // the first error is reported; nothing after it is parsed
                }
            }
        } catch (StackOverflowError tooDeep) {
            errors.syntaxError(null, null, 1, 0, "", null);
            return null;
        }
    }

    /** {@code lexer} without ANTLR's console listener (lcm's grammars end with a catch-all token: lexing never fails). */
    public static <L extends Lexer> L quiet(L lexer) {
        lexer.removeErrorListeners();
        return lexer;
    }
}
