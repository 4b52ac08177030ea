package lcm.measure;

import lcm.pp.PpReader;
import lcm.source.Diagnostics;
import lcm.source.SourceRegistry;
import lcm.source.SourceText;
import lcm.source.UserError;

import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * The measurement-data formats lcm reads, and the choice among them: the format named by the
 * user, else the reader that declares the file's extension ({@code .csv}, {@code .pp}; see each
 * reader's {@link MeasurementReader#extensions()}), else by content
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

    /** The reader named {@code name}; a user error listing every format, with its description, for any other name. */
    public static MeasurementReader named(String name) {
        return byName(name).orElseThrow(() -> {
            StringBuilder b = new StringBuilder("unknown data format '" + name + "'; the formats are:");
            for (MeasurementReader r : READERS) {
                b.append(String.format(Locale.ROOT, "%n  %-12s %s", r.name(), r.description()));
            }
            return UserError.of(b.toString());
        });
    }

    /**
     * Picks the reader for a text: the one whose {@link MeasurementReader#extensions()} hold the
     * file's extension, else by its first meaningful line.
     */
    public static MeasurementReader choose(SourceText text) {
        return byExtension(text.path()).orElseGet(() -> sniff(text.lines()));
    }

    private static Optional<MeasurementReader> byExtension(Path path) {
        String file = path.getFileName() == null ? "" : path.getFileName().toString().toLowerCase(Locale.ROOT);
        int dot = file.lastIndexOf('.');
        String ext = dot < 0 ? "" : file.substring(dot + 1);
        return READERS.stream().filter(r -> r.extensions().contains(ext)).findFirst();
    }

    /** The first lines of a file (at most 64 KB), for choosing its reader by content without reading it whole. */
    private static List<String> head(Path file) {
        try (java.io.InputStream in = java.nio.file.Files.newInputStream(file)) {
            byte[] b = in.readNBytes(1 << 16);
            return SourceText.of(file, SourceText.decode(b)).lines();
        } catch (java.io.IOException e) {
            throw UserError.of(file + ": cannot read: " + e.getMessage());
        }
    }

    private static MeasurementReader sniff(List<String> lines) {
        for (String line : lines) {
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
     * @param format the reader, or empty to choose by extension and content
     */
    public static MeasurementSet read(Path file, Optional<MeasurementReader> format, SourceRegistry sources) {
        return read(file, format, sources, Optional.empty());
    }

    /**
     * {@link #read(Path, Optional, SourceRegistry)}, where a file read as pp lines hands each of
     * its headers and data lines to {@code alongside} too, in the same pass (the set's
     * {@link MeasurementSet#format()} is then {@code pp}); a file of another format does not.
     */
    public static MeasurementSet read(Path file, Optional<MeasurementReader> format, SourceRegistry sources,
                                      PpReader.Sink alongside) {
        return read(file, format, sources, Optional.of(alongside));
    }

    private static MeasurementSet read(Path file, Optional<MeasurementReader> format, SourceRegistry sources,
                                       Optional<PpReader.Sink> alongside) {
        if (!java.nio.file.Files.isRegularFile(file)) {
            sources.read(file); // the usual message: no such file, a directory, unreadable
        }
        MeasurementReader reader = format.orElseGet(() -> byExtension(file).orElseGet(() -> sniff(head(file))));
        Diagnostics diagnostics = new Diagnostics();
        MeasurementSet set = reader instanceof PpLineReader pp && alongside.isPresent()
                ? pp.read(file, sources, diagnostics, alongside.get())
                : reader.read(file, sources, diagnostics);
        UserError.throwIfErrors(diagnostics);
        if (set.isEmpty()) {
            throw UserError.of(file + ": no measurements (read as " + reader.name() + ")");
        }
        return set;
    }
}
