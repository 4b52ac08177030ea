package lcm.trace;

import lcm.source.Diagnostics;
import lcm.source.SourceLocation;
import lcm.source.SourceRegistry;
import lcm.source.SourceText;
import lcm.source.UserError;

import java.nio.file.Path;
import java.util.ArrayList;
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
        SyncLineParser parser = null;
        TaskProgram.Builder current = null;
        List<String> lines = source.lines();
        for (int i = 0; i < lines.size(); i++) {
            String text = lines.get(i);
            if (SyncLineParser.isBlank(text)) {
                continue;
            }
            try {
                String name = SyncLineParser.taskName(text);
                if (name != null || parser == null) {
                    if (parser != null) {
                        parser.unfinished().ifPresent(diagnostics::add);
                    }
                    String task = name != null ? name : defaultTaskName(source.path());
                    checkName(source.path(), i + 1, text, task, tasks.keySet());
                    current = TaskProgram.named(task);
                    tasks.put(task, current);
                    parser = new SyncLineParser(source.path(), task);
                    if (name != null) {
                        continue;
                    }
                }
                Step s = parser.step(i + 1, text);
                fragments.add(s.fragment());
                current.step(s);
            } catch (UserError e) {
                diagnostics.addAll(e.diagnostics());
            }
        }
        if (parser != null) {
            parser.unfinished().ifPresent(diagnostics::add);
        }
        UserError.throwIfErrors(diagnostics);
        List<TaskStream> out = new ArrayList<>();
        tasks.values().forEach(b -> out.add(b.build()));
        return new LoadedTrace(out, fragments, diagnostics.warnings());
    }

    /** Checks the file in one pass, then streams each task's steps from it. */
    public static LoadedTrace read(Path file, SourceRegistry sources) {
        Diagnostics diagnostics = new Diagnostics();
        List<Section> sections = new ArrayList<>();
        Set<String> names = new LinkedHashSet<>();
        Set<String> fragments = new LinkedHashSet<>();
        SyncLineParser parser = null;
        long offset = 0;
        int number = 0;
        boolean atEnd = false;
        while (!atEnd) {
            FileChunks.Chunk chunk = FileChunks.read(file, offset);
            for (int i = 0; i < chunk.lines().size(); i++) {
                number++;
                String text = chunk.lines().get(i);
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
                        long start = name != null ? next(chunk, i) : chunk.starts()[i];
                        parser = new SyncLineParser(file, task);
                        checkName(file, number, text, task, names);
                        names.add(task);
                        sections.add(new Section(task, start, name != null ? number + 1 : number));
                        if (name != null) {
                            continue;
                        }
                    }
                    fragments.add(parser.step(number, text).fragment());
                } catch (UserError e) {
                    diagnostics.addAll(e.diagnostics());
                }
            }
            offset = chunk.next();
            atEnd = chunk.atEnd();
        }
        if (parser != null) {
            parser.unfinished().ifPresent(diagnostics::add);
        }
        if (diagnostics.hasErrors()) {
            sources.read(file); // to show the lines
            throw new UserError(diagnostics.sorted());
        }
        List<TaskStream> tasks = new ArrayList<>();
        for (Section s : sections) {
            tasks.add(new SectionStream(file, s));
        }
        return new LoadedTrace(tasks, fragments, diagnostics.warnings());
    }

    private static long next(FileChunks.Chunk chunk, int i) {
        return i + 1 < chunk.starts().length ? chunk.starts()[i + 1] : chunk.next();
    }

    private static void checkName(Path file, int number, String text, String task, Set<String> seen) {
        if (task.isEmpty()) {
            throw UserError.at(SourceLocation.of(file, number, 1), "'task' needs a name");
        }
        int col = Math.max(1, text.indexOf(task, text.toLowerCase(java.util.Locale.ROOT).indexOf("task") + 4) + 1);
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

    /** One task's lines, read a chunk at a time from its offset up to the next task line. */
    private record SectionStream(Path file, Section section) implements TaskStream {

        @Override
        public String name() {
            return section.task();
        }

        @Override
        public Iterator<Step> steps() {
            return new Iterator<>() {
                final SyncLineParser parser = new SyncLineParser(file, section.task());
                List<String> lines = List.of();
                int index;
                long offset = section.offset();
                int number = section.line() - 1;
                boolean atEnd;
                boolean done;
                Step next;

                @Override
                public boolean hasNext() {
                    while (next == null && !done) {
                        if (index == lines.size()) {
                            if (atEnd) {
                                done = true;
                                break;
                            }
                            FileChunks.Chunk chunk = FileChunks.read(file, offset);
                            lines = chunk.lines();
                            index = 0;
                            offset = chunk.next();
                            atEnd = chunk.atEnd();
                            continue;
                        }
                        String text = lines.get(index++);
                        number++;
                        if (SyncLineParser.isBlank(text)) {
                            continue;
                        }
                        if (SyncLineParser.taskName(text) != null) {
                            done = true;
                            break;
                        }
                        next = parser.step(number, text);
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
}
