package lcm.campaign;

import lcm.pp.PpHeader;
import lcm.pp.PpLineCodec;
import lcm.pp.PpReader;
import lcm.source.Diagnostics;
import lcm.source.InputFile;
import lcm.source.SourceLocation;
import lcm.source.SourceRegistry;
import lcm.source.SourceText;
import lcm.source.UserError;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The runs of a campaign that one pp file holds: the file cut at the {@link RunMark} lines into
 * one block per task (the mark, lcm measure's header, the run's lines). What precedes the first
 * mark (lines of other runs, added by hand) is kept as it is.
 *
 * @param prefix  the text before the first mark of this campaign
 * @param blocks  each task's block, in the file's order
 * @param doubled tasks whose mark appears more than once (the later blocks are in {@code extra})
 * @param extra   the blocks of doubled tasks after their first
 * @param text    the file's whole text (empty when there is no file)
 */
public record RecordedRuns(String prefix, Map<Integer, Block> blocks, List<Integer> doubled, List<Block> extra, String text) {

    /** One task's run: its text (ending in a newline) and its seconds as the mark gives them. */
    public record Block(int task, String text, double seconds) {
    }

    public static final RecordedRuns NONE = new RecordedRuns("", Map.of(), List.of(), List.of(), "");

    /**
     * The runs of campaign {@code name} in {@code pp}; none when the file does not exist. Every
     * line is read as a pp line ({@code lcm.pp}): a bad value is an error at its column, its line
     * shown from {@code sources}.
     */
    public static RecordedRuns read(Path pp, String name, SourceRegistry sources) {
        return read(pp, name, Integer.MAX_VALUE, sources);
    }

    /**
     * {@link #read} of a campaign of {@code tasks} tasks: a mark of a task it does not have is an
     * error at the task's number. A file over {@link SourceText#MAX_BYTES} is not read.
     */
    public static RecordedRuns read(Path pp, String name, int tasks, SourceRegistry sources) {
        if (!Files.exists(pp)) {
            return NONE;
        }
        String text = InputFile.text(pp, SourceText.MAX_BYTES, "a campaign's pp file");
        sources.register(SourceText.of(pp, text));
        return parse(pp, text, name, tasks);
    }

    static RecordedRuns parse(Path pp, String text, String name) {
        return parse(pp, text, name, Integer.MAX_VALUE);
    }

    /** The lines of {@code text} (the file {@code pp}) cut at the marks of campaign {@code name}, of {@code tasks} tasks. */
    static RecordedRuns parse(Path pp, String text, String name, int tasks) {
        String[] lines = text.split("\n", -1);
        Map<Integer, PpHeader.Mark> marks = new HashMap<>();
        Diagnostics errors = new Diagnostics();
        PpReader.read(pp, Arrays.asList(lines), errors, new PpReader.Sink() {
            @Override
            public void header(PpHeader header, int line) {
                if (header instanceof PpHeader.Mark m && m.campaign().equals(name)) {
                    if (m.task() >= tasks) {
                        String l = lines[line - 1];
                        errors.error(SourceLocation.of(pp, line, l.indexOf(": task ") + 8), "task " + m.task()
                                + " is not a task of campaign " + name + " (its tasks are 0 to " + (tasks - 1) + ")");
                    } else {
                        marks.put(line, m);
                    }
                }
            }

            @Override
            public void data(PpLineCodec fields, int line, PpReader reader) {
            }
        });
        UserError.throwIfErrors(errors);
        StringBuilder prefix = new StringBuilder();
        Map<Integer, Block> blocks = new LinkedHashMap<>();
        List<Integer> doubled = new ArrayList<>();
        List<Block> extra = new ArrayList<>();
        StringBuilder current = null;
        PpHeader.Mark mark = null;
        for (int i = 0; i < lines.length; i++) {
            PpHeader.Mark m = marks.get(i + 1);
            if (m != null) {
                close(mark, current, blocks, doubled, extra);
                mark = m;
                current = new StringBuilder();
            }
            StringBuilder to = current == null ? prefix : current;
            to.append(lines[i]).append('\n');
        }
        // split("\n", -1) gives an empty last piece after the final newline: drop its newline
        StringBuilder last = current == null ? prefix : current;
        last.setLength(last.length() - 1);
        close(mark, current, blocks, doubled, extra);
        return new RecordedRuns(prefix.toString(), blocks, doubled, extra, text);
    }

    private static void close(PpHeader.Mark mark, StringBuilder text, Map<Integer, Block> blocks, List<Integer> doubled,
                              List<Block> extra) {
        if (mark == null) {
            return;
        }
        String t = text.toString();
        if (!t.endsWith("\n")) {
            t += "\n";
        }
        Block b = new Block(mark.task(), t, mark.seconds());
        if (blocks.putIfAbsent(mark.task(), b) != null) {
            if (!doubled.contains(mark.task())) {
                doubled.add(mark.task());
            }
            extra.add(b);
        }
    }

    public boolean has(int task) {
        return blocks.containsKey(task);
    }
}
