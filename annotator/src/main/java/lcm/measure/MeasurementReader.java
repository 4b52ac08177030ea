package lcm.measure;

import lcm.source.Diagnostics;
import lcm.source.SourceRegistry;
import lcm.source.SourceText;

import java.nio.file.Path;

import java.util.List;

/**
 * Reads one measurement-data format (Extra-P's file readers are the model: one class per
 * format, each declaring its name and file extensions). A reader never throws on bad input: it
 * reports every bad line to the diagnostics, with its location and the reason, and returns what
 * it could read; the caller decides whether errors stop the run.
 */
public interface MeasurementReader {

    /** The format's name, as {@code --data-format} accepts it. */
    String name();

    /**
     * File extensions (without the dot, lower case) this format is chosen for; a file with any
     * other extension ({@code .txt}, {@code .log}, ...) is told by its content.
     */
    List<String> extensions();

    /** One line saying what the format is, for the list of formats an unknown name gets. */
    String description();

    MeasurementSet read(SourceText text, Diagnostics diagnostics);

    /**
     * Reads a file. By default the file is read whole and registered (its lines show in
     * diagnostics); a reader of large files streams it instead.
     */
    default MeasurementSet read(Path file, SourceRegistry sources, Diagnostics diagnostics) {
        return read(sources.read(file), diagnostics);
    }
}
