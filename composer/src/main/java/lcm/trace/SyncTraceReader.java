package lcm.trace;

import lcm.source.ByteLines;
import lcm.source.Diagnostics;
import lcm.source.SourceLocation;
import lcm.source.SourceRegistry;
import lcm.source.SourceText;
import lcm.source.UserError;

import lcm.source.Diagnostic;

import java.util.Locale;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.NoSuchElementException;
import java.util.Set;

/**
 * Reads a synchronization trace (docs/design.md#file-formats; docs/traces.md): one event per line,
 * {@code fragment tag, event, name, time relative to the fragment's start}, with
 * {@code event} one of {@code begin}, {@code end}, {@code post}, {@code wait} (and
 * {@code barrier}, an extension). A line {@code task NAME} starts the events of task NAME;
 * event lines before any task line belong to a task named after the file.
 *
 * <p>Each fragment execution becomes steps whose work is the time between consecutive events
 * of the fragment; fragments of one task run back to back. Times of a wait are positions in
 * the fragment's own work: time spent blocked is not part of them.
 *
 * <p>{@link #read(Path, SourceRegistry)} streams: a first pass checks every line and notes where
 * each task's lines start; then each task reads its own lines, a chunk at a time, as the engine
 * pulls them. Memory does not grow with the file. The file's text is read whole only to show
 * the lines of errors.
 */
public final class SyncTraceReader {

    /** Where a task's lines are: its first event line's offset and number. */
    private record Section(String task, long offset, int line) {
    }

    private SyncTraceReader() {
    }

    /** Reads a trace held in memory (tests, generated text). */
    public static LoadedTrace read(SourceText source) {
        Diagnostics diagnostics = new Diagnostics();
        Map<String, TaskProgram.Builder> tasks = new LinkedHashMap<>();
        Set<String> fragments = new LinkedHashSet<>();
        eachStep(source.path(), source.lines().iterator(), diagnostics, new StepSink() {
            private TaskProgram.Builder current;

            @Override
            public void task(String name) {
                current = TaskProgram.named(name);
                tasks.put(name, current);
            }

            @Override
            public void step(Step s) {
                fragments.add(s.fragment());
                current.step(s);
            }
        });
        UserError.throwIfErrors(diagnostics);
        List<TaskStream> out = new ArrayList<>();
        tasks.values().forEach(b -> out.add(b.build()));
        return new LoadedTrace(out, fragments, diagnostics.warnings());
    }

    /** Where {@link #eachStep} hands what it reads. */
    private interface StepSink {
        void task(String name);

        void step(Step s);
    }

    /**
     * The line loop of a sync trace, the one both the in-memory reader and the error check of
     * the streaming reader use: a {@code task} line starts a task (a trace without one is a
     * single task named after its file), every other line is a step of the current task; each
     * line's errors are collected and reading goes on, so that all of them are reported.
     */
    private static void eachStep(Path file, Iterator<String> lines, Diagnostics diagnostics, StepSink sink) {
        Set<String> names = new LinkedHashSet<>();
        SyncLineParser parser = null;
        int number = 0;
        while (lines.hasNext()) {
            number++;
            String text = lines.next();
            if (SyncLineParser.isBlank(text)) {
                continue;
            }
            try {
                String name = SyncLineParser.taskName(text);
                if (name != null || parser == null) {
                    if (parser != null) {
                        parser.unfinished().ifPresent(diagnostics::add);
                    }
                    String task = name != null ? name : defaultTaskName(file);
                    checkName(file, number, text, task, names);
                    names.add(task);
                    sink.task(task);
                    parser = new SyncLineParser(file, task);
                    if (name != null) {
                        continue;
                    }
                }
                sink.step(parser.step(number, text));
            } catch (UserError e) {
                diagnostics.addAll(e.diagnostics());
            }
        }
        if (parser != null) {
            parser.unfinished().ifPresent(diagnostics::add);
        }
    }

    /**
     * Streams each task's steps from the file. A first pass only finds the task lines (and the
     * fragment tags, for {@code --scale}); each task then parses its own lines as the engine pulls
     * them. At the first problem in any line, the whole file is checked the slow way so that all
     * its errors are reported together. Lines of diagnostics are shown without reading the file
     * whole: the registry asks this reader for them ({@link SourceRegistry#provide}).
     */
    public static LoadedTrace read(Path file, SourceRegistry sources) {
        return read(file, sources, true);
    }

    /**
     * As {@link #read(Path, SourceRegistry)}; {@code fragments} false leaves the fragment tags out
     * of the result (they only check {@code --scale NAME=...}), so that the first pass looks at
     * no more of a line than its first byte.
     */
    public static LoadedTrace read(Path file, SourceRegistry sources, boolean fragments) {
        FileChannel channel = ByteLines.open(file);
        Excerpts excerpts = new Excerpts(file, channel);
        sources.provide(file, excerpts::line);
        Diagnostics diagnostics = new Diagnostics();
        List<Section> sections = new ArrayList<>();
        Set<String> names = new LinkedHashSet<>();
        Set<String> tags = new LinkedHashSet<>();
        ByteLines lines = new ByteLines(file, channel, 0, 1 << 20);
        int number = 0;
        byte[] lastTag = new byte[0];
        boolean inTask = false;
        while (lines.next()) {
            number++;
            byte[] b = lines.buffer();
            Line line = Line.of(lines);
            if (line.empty()) {
                continue;
            }
            int first = line.first();
            String name = line.taskName();
            if (name != null) {
                excerpts.remember(number, lines.offset());
                try {
                    checkName(file, number, lines.text(), name, names);
                    names.add(name);
                    sections.add(new Section(name, lines.after(), number + 1));
                } catch (UserError e) {
                    diagnostics.addAll(e.diagnostics());
                }
                inTask = true;
                continue;
            }
            if (!inTask) {
                String task = defaultTaskName(file);
                names.add(task);
                sections.add(new Section(task, lines.offset(), number));
                inTask = true;
            }
            if (!fragments) {
                continue;
            }
            int comma = first;
            while (comma < lines.to() && b[comma] != ',') {
                comma++;
            }
            int tagEnd = comma;
            while (tagEnd > first && (b[tagEnd - 1] == ' ' || b[tagEnd - 1] == '\t')) {
                tagEnd--;
            }
            if (comma < lines.to() && tagEnd > first && !Arrays.equals(b, first, tagEnd, lastTag, 0, lastTag.length)) {
                lastTag = Arrays.copyOfRange(b, first, tagEnd);
                tags.add(new String(lastTag, StandardCharsets.UTF_8));
            }
        }
        if (diagnostics.hasErrors()) {
            excerpts.keep(diagnostics.sorted());
            throw new UserError(diagnostics.sorted());
        }
        int buffer = (int) Math.max(4096, Math.min(1 << 16, (8L << 20) / Math.max(1, sections.size())));
        List<TaskStream> tasks = new ArrayList<>();
        for (Section s : sections) {
            tasks.add(new SectionStream(file, channel, s, buffer, excerpts));
        }
        return new LoadedTrace(tasks, tags, List.of());
    }

    /**
     * Checks every line of the file the slow way and throws all its errors; called at the first
     * problem a stream meets. Keeps the text of the lines it reports, for the diagnostics.
     */
    private static void checkAll(Path file, FileChannel channel, Excerpts excerpts, UserError first) {
        Diagnostics diagnostics = new Diagnostics();
        ByteLines lines = new ByteLines(file, channel, 0, 1 << 16);
        eachStep(file, new Iterator<>() {
            private Boolean ahead;

            @Override
            public boolean hasNext() {
                if (ahead == null) {
                    ahead = lines.next();
                }
                return ahead;
            }

            @Override
            public String next() {
                if (!hasNext()) {
                    throw new NoSuchElementException();
                }
                ahead = null;
                return lines.text();
            }
        }, diagnostics, new StepSink() {
            @Override
            public void task(String name) {
            }

            @Override
            public void step(Step s) {
            }
        });
        List<Diagnostic> errors = diagnostics.hasErrors() ? diagnostics.sorted() : first.diagnostics();
        Set<Integer> wanted = new HashSet<>();
        for (Diagnostic d : errors) {
            d.location().ifPresent(at -> wanted.add(at.line()));
        }
        ByteLines again = new ByteLines(file, channel, 0, 1 << 16);
        for (int n = 1; !wanted.isEmpty() && again.next(); n++) {
            if (wanted.remove(n)) {
                excerpts.put(n, again.text());
            }
        }
        throw diagnostics.hasErrors() ? new UserError(errors) : first;
    }

    private static void checkName(Path file, int number, String text, String task, Set<String> seen) {
        if (task.isEmpty()) {
            throw UserError.at(SourceLocation.of(file, number, 1), "'task' needs a name");
        }
        int col = Math.max(1, text.indexOf(task, text.toLowerCase(Locale.ROOT).indexOf("task") + 4) + 1);
        if (task.chars().anyMatch(Character::isWhitespace)) {
            throw UserError.at(SourceLocation.of(file, number, col), "task name '" + task + "' has blanks");
        }
        if (seen.contains(task)) {
            throw UserError.at(SourceLocation.of(file, number, col), "task " + task + " appears twice in this file");
        }
    }

    private static String defaultTaskName(Path file) {
        String name = file.getFileName().toString();
        int dot = name.lastIndexOf('.');
        return dot > 0 ? name.substring(0, dot) : name;
    }

    /** One task's lines, read through a buffer of its own from its offset up to the next task line. */
    private record SectionStream(Path file, FileChannel channel, Section section, int buffer, Excerpts excerpts)
            implements TaskStream {

        @Override
        public String name() {
            return section.task();
        }

        @Override
        public Iterator<Step> steps() {
            return new Iterator<>() {
                final SyncLineParser parser = new SyncLineParser(file, section.task());
                final ByteLines lines = new ByteLines(file, channel, section.offset(), buffer);
                final Excerpts.Cursor cursor = excerpts.cursor();
                int number = section.line() - 1;
                boolean done;
                Step next;

                @Override
                public boolean hasNext() {
                    try {
                        while (next == null && !done) {
                            if (!lines.next()) {
                                done = true;
                                parser.unfinished().ifPresent(d -> {
                                    throw new UserError(d);
                                });
                                break;
                            }
                            number++;
                            byte[] b = lines.buffer();
                            Line line = Line.of(lines);
                            if (line.empty()) {
                                continue;
                            }
                            if (line.taskName() != null) {
                                done = true;
                                break;
                            }
                            cursor.at(number, lines.offset());
                            next = parser.step(b, lines.from(), lines.to(), number);
                        }
                    } catch (UserError e) {
                        checkAll(file, channel, excerpts, e);
                    }
                    return next != null;
                }

                @Override
                public Step next() {
                    if (!hasNext()) {
                        throw new NoSuchElementException();
                    }
                    Step s = next;
                    next = null;
                    return s;
                }
            };
        }
    }

    /**
     * A line as the reader sees it: nothing to read (blank, a # comment), or text from
     * {@code first} that names a task ({@code taskName}) or holds data (null).
     */
    private record Line(int first, String taskName) {

        static final Line EMPTY = new Line(-1, null);

        boolean empty() {
            return first < 0;
        }

        static Line of(ByteLines lines) {
            byte[] b = lines.buffer();
            int first = lines.from();
            while (first < lines.to() && (b[first] == ' ' || b[first] == '\t')) {
                first++;
            }
            if (first == lines.to() || b[first] == '#') {
                return EMPTY;
            }
            // only a line beginning with t/T (or with bytes that need decoding) may name a task
            if (b[first] == 't' || b[first] == 'T' || b[first] < ' ') {
                String text = lines.text();
                if (SyncLineParser.isBlank(text)) {
                    return EMPTY;
                }
                return new Line(first, SyncLineParser.taskName(text));
            }
            return new Line(first, null);
        }
    }
}
