package lcm.pp;

import lcm.source.ByteLines;
import lcm.source.Diagnostic;
import lcm.source.Diagnostics;
import lcm.source.SourceLocation;
import lcm.source.SourceRegistry;
import lcm.source.StreamedLines;
import lcm.source.SourceText;
import lcm.source.UserError;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Reads a pp file line by line and hands each line to a {@link Sink} as it comes: a header of
 * {@link PpHeader} parsed, a data line in a {@link PpLineCodec}; other comments and blank lines
 * are skipped. A file is streamed from disk, not read whole, so ten million lines take flat
 * memory. Bad lines are reported at their column (the first {@value #MAX_ERRORS}, then a count)
 * and not handed on; the lines of the errors are kept for the diagnostics to show.
 */
public final class PpReader {

    /** Per-line errors beyond this many are counted, not listed. */
    public static final int MAX_ERRORS = Diagnostics.LISTED;

    /** What a reader of pp lines does with them, in the file's order. */
    public interface Sink {
        /** A header line lcm reads (machine, run, campaign mark). */
        default void header(PpHeader header, int line) {
        }

        /** A data line with its fields in {@code fields}; {@code reader} takes the errors the sink finds in it. */
        void data(PpLineCodec fields, int line, PpReader reader);

        /**
         * Whether the next data line's values are wanted: false where the sink only has its
         * lines checked (a run it leaves out), whose values are then checked against the grammar
         * of numbers, with the same errors, but not built (they read as NaN, but for
         * {@link PpLineCodec#EXECS}).
         */
        default boolean valuesWanted() {
            return true;
        }

        /**
         * A sink that hands every header and data line to {@code first}, then to {@code second}:
         * two readers of one file in one pass. The values are wanted where either wants them.
         */
        static Sink both(Sink first, Sink second) {
            return new Sink() {
                @Override
                public void header(PpHeader header, int line) {
                    first.header(header, line);
                    second.header(header, line);
                }

                @Override
                public void data(PpLineCodec fields, int line, PpReader reader) {
                    first.data(fields, line, reader);
                    second.data(fields, line, reader);
                }

                @Override
                public boolean valuesWanted() {
                    return first.valuesWanted() || second.valuesWanted();
                }
            };
        }
    }

    private final Path file;
    private final Diagnostics diagnostics;
    private final Map<Integer, String> errorLines;
    private final PpLineCodec codec;
    private final Sink sink;
    private int errors;
    private int unlisted;
    private byte[] lineBytes;
    private int lineFrom;
    private int lineTo;
    private Diagnostics lineErrors = new Diagnostics();

    private PpReader(Path file, Diagnostics diagnostics, Map<Integer, String> errorLines, Sink sink) {
        this.file = file;
        this.diagnostics = diagnostics;
        this.errorLines = errorLines;
        this.codec = new PpLineCodec(file);
        this.sink = sink;
    }

    /**
     * Streams {@code file} into {@code sink}; its errors go to {@code diagnostics}, and the
     * lines they are on to {@code sources}, to be shown with them.
     */
    public static void read(Path file, SourceRegistry sources, Diagnostics diagnostics, Sink sink) {
        Map<Integer, String> errorLines = new ConcurrentHashMap<>();
        sources.provide(file, n -> errorLines.containsKey(n) ? Optional.of(errorLines.get(n)) : StreamedLines.lineAt(file, n));
        PpReader reader = new PpReader(file, diagnostics, errorLines, sink);
        try (FileChannel channel = ByteLines.open(file)) {
            ByteLines lines = new ByteLines(file, channel, 0, 1 << 16);
            int number = 0;
            while (lines.next()) {
                reader.line(lines.buffer(), lines.from(), lines.to(), ++number);
            }
        } catch (IOException e) {
            throw UserError.of(file + ": cannot read: " + e.getMessage());
        }
        reader.finish();
    }

    /** {@link #read} of a file, throwing its errors: for readers that stop at the first bad file. */
    public static void read(Path file, SourceRegistry sources, Sink sink) {
        Diagnostics diagnostics = new Diagnostics();
        read(file, sources, diagnostics, sink);
        UserError.throwIfErrors(diagnostics);
    }

    /** The lines of a text already read (its lines are registered with their file). */
    public static void read(Path file, List<String> lines, Diagnostics diagnostics, Sink sink) {
        PpReader reader = new PpReader(file, diagnostics, new ConcurrentHashMap<>(), sink);
        for (int i = 0; i < lines.size(); i++) {
            byte[] b = lines.get(i).getBytes(StandardCharsets.UTF_8);
            reader.line(b, 0, b.length, i + 1);
        }
        reader.finish();
    }

    /** Checks every line of {@code text} (the file {@code file}, registered in {@code sources}): its first errors thrown. */
    public static void check(Path file, String text, SourceRegistry sources) {
        SourceText source = sources.register(SourceText.of(file, text));
        Diagnostics diagnostics = new Diagnostics();
        read(file, source.lines(), diagnostics, (fields, line, reader) -> { });
        UserError.throwIfErrors(diagnostics);
    }

    /** One physical line, bytes {@code [from, to)} without its terminator. */
    private void line(byte[] b, int from, int to, int lineNo) {
        lineBytes = b;
        lineFrom = from;
        lineTo = to;
        int i = from;
        while (i < to && (b[i] == ' ' || b[i] == '\t')) {
            i++;
        }
        if (i == to) {
            return;
        }
        if (b[i] == '#') {
            if (isHeader(b, i, to)) {
                Diagnostics mine = new Diagnostics();
                Optional<PpHeader> h = PpHeaderReader.read(text(), file, lineNo, mine);
                if (mine.hasErrors()) {
                    mine.errors().forEach(d -> counted(d, lineNo));
                } else {
                    h.ifPresent(x -> sink.header(x, lineNo));
                }
            }
            return;
        }
        // one Diagnostics for the data lines, made again only after a bad line: ten million good lines make none
        if (!codec.read(b, from, to, lineNo, lineErrors, sink.valuesWanted())) {
            Diagnostics mine = lineErrors;
            lineErrors = new Diagnostics();
            mine.errors().forEach(d -> counted(d, lineNo));
            return;
        }
        sink.data(codec, lineNo, this);
    }

    /**
     * Whether the comment at {@code b[i]} may be a header lcm reads ({@link PpHeaderReader}):
     * one that starts {@code # run:}, {@code #run:}, {@code # machine: }, {@code # campaign } or
     * {@code # co-runner: };
     * only those are decoded, the other comments of a run ({@code # runtime:},
     * {@code # method:} ...) are skipped here.
     */
    private static boolean isHeader(byte[] b, int i, int to) {
        int j = to - i > 1 && b[i + 1] == ' ' ? i + 2 : i + 1;
        return startsWith(b, j, to, RUN) || j == i + 2 && (startsWith(b, j, to, MACHINE) || startsWith(b, j, to, CAMPAIGN)
                || startsWith(b, j, to, CO_RUNNER));
    }

    private static final byte[] RUN = "run:".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] MACHINE = "machine: ".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] CAMPAIGN = "campaign ".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] CO_RUNNER = "co-runner: ".getBytes(StandardCharsets.US_ASCII);

    private static boolean startsWith(byte[] b, int i, int to, byte[] word) {
        return to - i >= word.length && java.util.Arrays.equals(b, i, i + word.length, word, 0, word.length);
    }

    private String text() {
        return new String(lineBytes, lineFrom, lineTo - lineFrom, StandardCharsets.UTF_8);
    }

    /** An error the sink finds in the line it is given. */
    public void error(SourceLocation at, String message) {
        counted(Diagnostic.error(at, message), at.line());
    }

    private void counted(Diagnostic d, int lineNo) {
        if (errors++ < MAX_ERRORS) {
            diagnostics.add(d);
            errorLines.put(lineNo, text());
        } else {
            unlisted++;
        }
    }

    private void finish() {
        diagnostics.moreErrors(unlisted);
    }
}
