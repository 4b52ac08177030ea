package lcm.antlr;

import lcm.grammar.AnnotationLexer;
import lcm.grammar.AnnotationParser;
import org.antlr.v4.runtime.BailErrorStrategy;
import org.antlr.v4.runtime.CharStreams;
import org.antlr.v4.runtime.CommonTokenStream;
import org.antlr.v4.runtime.DefaultErrorStrategy;
import org.antlr.v4.runtime.InputMismatchException;
import org.antlr.v4.runtime.Parser;
import org.antlr.v4.runtime.RecognitionException;
import org.antlr.v4.runtime.Token;
import org.antlr.v4.runtime.ParserRuleContext;
import org.antlr.v4.runtime.atn.PredictionMode;
import org.antlr.v4.runtime.misc.ParseCancellationException;

import java.util.function.Function;

/**
 * Runs the annotation grammar the way Trino runs its SQL grammar: default error listeners
 * replaced, SLL prediction first with a bail-out, then full LL with error reporting, and deep
 * nesting turned into an ordinary error instead of a crash.
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

    /** Parses {@code text} with the entry rule {@code entry}; syntax errors land in {@code errors}. */
    public static <T extends ParserRuleContext> T parse(String text, Function<AnnotationParser, T> entry,
                                                        SyntaxErrors errors) {
        int beyond = NestingLimit.firstBeyond(text);
        if (beyond >= 0) {
            errors.limit(beyond, NestingLimit.MESSAGE);
            return null;
        }
        AnnotationLexer lexer = new AnnotationLexer(CharStreams.fromString(text));
        lexer.removeErrorListeners();
        CommonTokenStream tokens = new CommonTokenStream(lexer);
        AnnotationParser parser = new AnnotationParser(tokens);
        parser.removeErrorListeners();
        parser.getInterpreter().setPredictionMode(PredictionMode.SLL);
        parser.setErrorHandler(new BailErrorStrategy());
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
        } catch (StackOverflowError tooDeep) {
            errors.syntaxError(null, null, 1, 0, "", null);
            return null;
        }
    }
}
