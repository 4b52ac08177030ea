package lcm.measure;

import lcm.source.Diagnostics;
import lcm.source.SourceRegistry;
import lcm.source.SourceText;
import lcm.source.UserError;

import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * The measurement-data formats lcm reads, and the choice among them: the format named by the
 * user, else the one whose extension the file has ({@code .csv}, {@code .pp}), else by content
 * (a first line starting with an Extra-P field name is Extra-P, one with {@code key=value} pairs
 * is pp, anything else CSV).
 */
public final class MeasurementFormats {

    private static final List<MeasurementReader> READERS = List.of(new PpLineReader(), new CsvReader(), new ExtraPTextReader(),
            new ExtraPJsonReader());

    private MeasurementFormats() {
    }

    public static List<MeasurementReader> readers() {
        return READERS;
    }

    public static Optional<MeasurementReader> byName(String name) {
        return READERS.stream().filter(r -> r.name().equalsIgnoreCase(name)).findFirst();
    }

    public static String names() {
        return READERS.stream().map(MeasurementReader::name).collect(Collectors.joining(", "));
    }

    /** Picks the reader for a text: by unambiguous extension, else by its first meaningful line. */
    public static MeasurementReader choose(SourceText text) {
        String file = text.path().getFileName() == null ? "" : text.path().getFileName().toString().toLowerCase(Locale.ROOT);
        int dot = file.lastIndexOf('.');
        String ext = dot < 0 ? "" : file.substring(dot + 1);
        switch (ext) {
            case "csv", "tsv" -> {
                return byName("csv").orElseThrow();
            }
            case "pp", "pplog" -> {
                return byName("pp").orElseThrow();
            }
            case "extrap" -> {
                return byName("extrap").orElseThrow();
            }
            case "json" -> {
                return byName("extrap-json").orElseThrow();
            }
            default -> {
                return sniff(text);
            }
        }
    }

    private static MeasurementReader sniff(SourceText text) {
        for (String line : text.lines()) {
            String t = line.strip();
            if (t.isEmpty() || t.startsWith("#")) {
                continue;
            }
            if (t.startsWith("{")) {
                return byName("extrap-json").orElseThrow();
            }
            String first = t.split("\\s+", 2)[0].toUpperCase(Locale.ROOT);
            if (List.of("PARAMETER", "POINTS", "REGION", "METRIC", "DATA").contains(first)) {
                return byName("extrap").orElseThrow();
            }
            if (t.contains("=")) {
                return byName("pp").orElseThrow();
            }
            return byName("csv").orElseThrow();
        }
        return byName("pp").orElseThrow();
    }

    /**
     * Reads a data file (registering its text for diagnostics). Every bad line is an error: the
     * run stops with all of them listed, each located, nothing dropped silently.
     *
     * @param format a reader name, or empty to choose by extension and content
     */
    public static MeasurementSet read(Path file, Optional<String> format, SourceRegistry sources) {
        SourceText text = sources.read(file);
        MeasurementReader reader = format.map(f -> byName(f).orElseThrow(() ->
                UserError.of("unknown data format '" + f + "' (formats: " + names() + ")"))).orElseGet(() -> choose(text));
        Diagnostics diagnostics = new Diagnostics();
        MeasurementSet set = reader.read(text, diagnostics);
        UserError.throwIfErrors(diagnostics);
        if (set.isEmpty()) {
            throw UserError.of(file + ": no measurements (read as " + reader.name() + ")");
        }
        return set;
    }
}
