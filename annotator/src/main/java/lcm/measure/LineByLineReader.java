package lcm.measure;

import lcm.source.Diagnostics;
import lcm.source.SourceRegistry;
import lcm.source.SourceText;
import lcm.source.StreamedLines;

import java.nio.file.Path;

/**
 * A reader of a format read one line at a time ({@link StreamedLines}): a file is streamed, not
 * read whole (a file of a million bad lines is answered after its first errors), and a text
 * already read goes the same way.
 */
interface LineByLineReader extends MeasurementReader {

    /** Reads the lines; only those a diagnostic points at are kept. */
    MeasurementSet read(StreamedLines lines, Diagnostics diagnostics);

    @Override
    default MeasurementSet read(SourceText text, Diagnostics diagnostics) {
        return read(StreamedLines.of(text), diagnostics);
    }

    @Override
    default MeasurementSet read(Path file, SourceRegistry sources, Diagnostics diagnostics) {
        return StreamedLines.read(file, sources, lines -> read(lines, diagnostics));
    }

    /**
     * Moves to the next line that holds data (not blank, not a {@code #} comment); false at the
     * end of the file, or where the diagnostics are full: then the stop is recorded with the
     * number of lines left unread (a file of a million bad lines is not read to its end).
     */
    static boolean nextData(StreamedLines lines, Diagnostics diagnostics) {
        while (lines.next()) {
            String line = lines.line();
            if (line.isBlank() || line.stripLeading().startsWith("#")) {
                continue;
            }
            if (diagnostics.full()) {
                diagnostics.stopped(lines.path(), lines.number(), lines.count());
                return false;
            }
            return true;
        }
        return false;
    }
}
