package lcm.javasrc;

import com.github.javaparser.ParseResult;
import com.github.javaparser.ParserConfiguration;
import com.github.javaparser.Processor;
import com.github.javaparser.ast.Node;
import com.github.javaparser.ast.validator.postprocessors.Java17PostProcessor;
import com.github.javaparser.symbolsolver.JavaSymbolSolver;
import com.github.javaparser.symbolsolver.resolution.typesolvers.ReflectionTypeSolver;

/**
 * How lcm configures javaparser: the Java 17 grammar (with {@code yield}, records, sealed
 * classes, text blocks), comments kept but not attributed to nodes, a tab one column, and
 * Java 17's post-processing ({@code var} read as a var type), <b>without javaparser's
 * validators</b>: they check what javac would also refuse in code the grammar accepts
 * (modifiers, reserved words as names, ...), some twenty walks over the whole tree, and took
 * three quarters of the parse (a 2.3 MB source: 2.05 s of 2.6 s warm, and most of the garbage
 * that made a cold parse 14 s of CPU). lcm reads the structure of code that compiles; code
 * javac refuses for such a reason is read as written.
 */
final class ParserSetup {

    private ParserSetup() {
    }

    static ParserConfiguration configuration() {
        ParserConfiguration config = new ParserConfiguration()
                .setLanguageLevel(ParserConfiguration.LanguageLevel.JAVA_17)
                .setAttributeComments(false)
                .setTabSize(1)
                // the types of expressions, for calls whose receiver's declared type lcm cannot read
                // off the declarations (CallResolver); JDK classes by reflection, the file's own by its tree
                .setSymbolResolver(new JavaSymbolSolver(new ReflectionTypeSolver()));
        // javaparser decides yield support from the level when the parser is made, then, after
        // parsing, its language-level processor post-processes and validates for the level it
        // finds: this processor runs first, does the post-processing and leaves no level there
        config.getProcessors().add(0, () -> new PostProcessOnly());
        return config;
    }

    /** Java 17's post-processing; then no language level, so that no validator runs after it. */
    private static final class PostProcessOnly extends Processor {
        @Override
        public void postProcess(ParseResult<? extends Node> result, ParserConfiguration configuration) {
            if (configuration.getLanguageLevel() != null) {
                new Java17PostProcessor().postProcess(result, configuration);
                configuration.setLanguageLevel(null);
            }
        }
    }
}
