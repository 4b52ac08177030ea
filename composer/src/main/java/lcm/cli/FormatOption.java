package lcm.cli;

import lcm.report.Format;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;

import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * The {@code --format} option, one mixin for every command that prints results in more than one
 * format: the value is a {@link Format}, the default {@code text}, and each command allows its own
 * set of them. A name outside the set fails while the command line is read, with the list of
 * valid ones (exit 2). A command declares it as a field and says so with {@link Holder}; {@link Cli}
 * adds the option to the command (it is built here, not from annotations, because the allowed
 * names and the help line differ per command).
 */
final class FormatOption {

    /** A command with a {@code --format} option. */
    interface Holder {
        FormatOption format();
    }

    private final Set<Format> allowed;
    private final String description;
    private Format value = Format.text;

    private FormatOption(Set<Format> allowed, String description) {
        this.allowed = allowed;
        this.description = description;
    }

    /** {@code --format} with these names, {@code text} the default; {@code description} is its help line. */
    static FormatOption of(String description, Format... others) {
        Set<Format> allowed = EnumSet.of(Format.text, others);
        return new FormatOption(allowed, description);
    }

    /** The format given (text when none was). */
    Format get() {
        return value;
    }

    boolean is(Format f) {
        return value == f;
    }

    /** The mixin that {@link Cli} adds to the command. */
    CommandSpec mixin() {
        CommandSpec spec = CommandSpec.create();
        List<String> names = new ArrayList<>();
        allowed.forEach(f -> names.add(f.name()));
        spec.addOption(OptionSpec.builder("--format")
                .type(Format.class)
                .paramLabel("<format>")
                .defaultValue(Format.text.name())
                .description(description)
                .completionCandidates(names)
                .converters(new Names(this))
                .setter(new Setter(this))
                .getter(new Getter(this))
                .build());
        return spec;
    }

    // named classes, not lambdas, for picocli's interfaces (see Cli)

    private record Names(FormatOption option) implements CommandLine.ITypeConverter<Format> {
        @Override
        public Format convert(String text) {
            for (Format f : option.allowed) {
                if (f.name().equals(text.toLowerCase(Locale.ROOT))) {
                    return f;
                }
            }
            List<String> names = new ArrayList<>();
            option.allowed.forEach(f -> names.add(f.name()));
            throw new CommandLine.TypeConversionException("expected one of " + names + " (case-insensitive) but was '"
                    + text + "'");
        }
    }

    private record Setter(FormatOption option) implements CommandLine.Model.ISetter {
        @Override
        @SuppressWarnings("unchecked")
        public <T> T set(T value) {
            Format old = option.value;
            option.value = (Format) value;
            return (T) old;
        }
    }

    private record Getter(FormatOption option) implements CommandLine.Model.IGetter {
        @Override
        @SuppressWarnings("unchecked")
        public <T> T get() {
            return (T) option.value;
        }
    }
}
