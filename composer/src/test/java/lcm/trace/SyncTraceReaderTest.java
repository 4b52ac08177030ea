package lcm.trace;

import lcm.source.SourceRegistry;
import lcm.source.SourceText;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** The streaming and in-memory synchronization-trace readers agree, across chunk boundaries. */
class SyncTraceReaderTest {

    static String pipeline(int iterations, String newline) {
        StringBuilder s = new StringBuilder("# generated pipeline" + newline + "task producer" + newline);
        for (int i = 1; i <= iterations; i++) {
            s.append("produce, begin, , 0").append(newline)
                    .append("produce, post, ready(").append(i).append("), 2").append(newline)
                    .append("produce, end, , 2").append(newline);
        }
        s.append(newline).append("task consumer").append(newline);
        for (int i = 1; i <= iterations; i++) {
            s.append("consume, begin, , 0").append(newline)
                    .append("consume, wait, ready(").append(i).append("), 0").append(newline)
                    .append("consume, end, , 3").append(newline);
        }
        return s.toString();
    }

    @Test
    void aLongPipelineStreamsAcrossManyChunks(@TempDir Path dir) throws IOException {
        // 3000 iterations, CRLF line ends: about 160 KB, three 64 KB chunks.
        Path file = dir.resolve("long.sync");
        Files.writeString(file, pipeline(3000, "\r\n"));
        CriticalPath.Result streamed = CriticalPath.of(SyncTraceReader.read(file, new SourceRegistry()).tasks());
        // consumer 3000 * 3 = 9000, plus one producer iteration 2
        assertEquals(9002.0, streamed.length());
        assertEquals(18000, streamed.events());
        CriticalPath.Result inMemory = CriticalPath.of(SyncTraceReader.read(SourceText.read(file)).tasks());
        assertEquals(inMemory, streamed);
        // each step keeps its line: 2 header lines, 9000 producer lines, a blank line, the task
        // line and the consumer's first begin come before its first wait: line 9006
        List<TaskStream> tasks = SyncTraceReader.read(file, new SourceRegistry()).tasks();
        var it = tasks.get(1).steps();
        it.next();
        Step wait = it.next();
        assertEquals("wait ready(1)", wait.describe());
        assertEquals(3 + 3 * 3000 + 3, wait.origin().line());
    }

    @Test
    void aFileWithoutTaskLinesIsOneTaskNamedAfterTheFile(@TempDir Path dir) throws IOException {
        Path file = dir.resolve("solo.sync");
        Files.writeString(file, "f, begin, , 0\nf, end, , 1.5\nf, begin, , 0\nf, end, , 2\n");
        LoadedTrace t = SyncTraceReader.read(file, new SourceRegistry());
        assertEquals(List.of("solo"), t.tasks().stream().map(TaskStream::name).toList());
        CriticalPath.Result r = CriticalPath.of(t.tasks());
        assertEquals(3.5, r.length()); // 1.5 + 2, back to back
        assertEquals(List.of(new PathEvent("solo", "start", 0), new PathEvent("solo", "end f", 3.5)), r.path());
    }
}
