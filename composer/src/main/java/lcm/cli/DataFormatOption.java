package lcm.cli;

import lcm.measure.MeasurementFormats;
import lcm.measure.MeasurementReader;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.Option;

import java.util.Optional;

/**
 * {@code --data-format NAME}, the measurement format of every command that reads measurements
 * (fit, annotate): a reader of lcm.measure by its name, checked while the command line is read
 * (an unknown name lists every format with its description, exit 2). Without it the reader is
 * chosen by the file's extension and content.
 */
final class DataFormatOption {

    @Option(names = "--data-format", paramLabel = "NAME", converter = Reader.class,
            description = "pp, csv, extrap or extrap-json (default: by extension and content).")
    private MeasurementReader reader;

    /** The reader named, or empty to choose by the file. */
    Optional<MeasurementReader> reader() {
        return Optional.ofNullable(reader);
    }

    static final class Reader implements ITypeConverter<MeasurementReader> {
        @Override
        public MeasurementReader convert(String name) {
            return MeasurementFormats.named(name);
        }
    }
}
