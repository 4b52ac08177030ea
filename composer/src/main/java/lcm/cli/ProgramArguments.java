package lcm.cli;

import picocli.CommandLine.Mixin;
import picocli.CommandLine.Parameters;

import java.nio.file.Path;
import java.util.List;

/**
 * The program a command composes: its annotated sources (FILE...), how they are read and how
 * they are composed; one declaration for the commands that take a program (compose, explore).
 */
public final class ProgramArguments {

    @Parameters(arity = "1..*", paramLabel = "FILE", description = "Annotated sources of one program.")
    List<Path> files;

    @Mixin
    SourceReadingOptions reading;

    @Mixin
    CompositionOptions composition;
}
