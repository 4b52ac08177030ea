package lcm.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import lcm.trace.Fixtures;
import lcm.trace.ParaverFormatRules;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@code lcm critical-path}, run in-process. */
class CriticalPathCommandTest {

    record Run(int code, String out, String err) {
    }

    static Run run(String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int code = Cli.create(new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8))
                .execute(args);
        return new Run(code, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }

    static String fixture(String name) {
        return Fixtures.traces(name).toString();
    }

    @Test
    void pipelineTextOutput() {
        Run r = run("critical-path", fixture("pipeline.sync"));
        assertEquals(0, r.code(), r.err());
        // consumer 4 * 3 = 12 plus one producer iteration, 2
        // on the path: the producer's first iteration (2), the consumer's four (12); off it: the
        // producer's other three (6), the consumer's wait for the first post (2)
        assertEquals("""
                length: 14 s
                events: 24 in 2 tasks
                critical path:
                  time (s)  task      event
                  0         producer  start
                  2         producer  post ready(1)
                  2         consumer  wait ready(1)
                  14        consumer  end consume
                time by state (s):
                  state        on path  of length  off path
                  computation  14       100.0 %    6
                  send         0        0.0 %      0
                  receive      0        0.0 %      0
                  collective   0        0.0 %      0
                  wait         0        0.0 %      2
                time by task (s):
                  task      on path  of length  off path
                  producer  2        14.3 %     6
                  consumer  12       85.7 %     2
                top contributors to the path:
                  rank  task      state                  seconds  of length
                  1     consumer  consume (computation)  12       85.7 %
                  2     producer  produce (computation)  2        14.3 %
                """, r.out());
        assertEquals("", r.err());
    }

    @Test
    void rescalingTheConsumerMakesTheProducerTheSlowerTask() throws IOException {
        // consume 3 * 0.5 = 1.5 < produce 2: producer total 8 + one consumer iteration 1.5 = 9.5
        Run r = run("critical-path", fixture("pipeline.sync"), "--scale", "consume=0.5", "--format", "json");
        assertEquals(0, r.code(), r.err());
        JsonNode json = new ObjectMapper().readTree(r.out());
        assertEquals(9.5, json.get("length").asDouble());
        assertEquals(24, json.get("events").asInt());
        List<String> path = new ArrayList<>();
        json.get("path").forEach(e -> path.add(e.get("task").asText() + " " + e.get("event").asText() + " " + e.get("time").asDouble()));
        assertEquals(List.of("producer start 0.0", "producer post ready(4) 8.0", "consumer wait ready(4) 8.0",
                "consumer end consume 9.5"), path);
        // a global factor too: everything twice as long, 28
        Run twice = run("critical-path", fixture("pipeline.sync"), "--scale", "2");
        assertTrue(twice.out().startsWith("length: 28 s\n"), twice.out());
    }

    @Test
    void transformationWritesThePredictedTraceAsTextAndChromeJsonThatReadsBack(@TempDir Path dir) throws IOException {
        Path text = dir.resolve("fig5-predicted.mpt");
        Path chrome = dir.resolve("fig5.json");
        Run r = run("critical-path", fixture("mendes-fig5.mpt"), "--from", fixture("fig5-base.machine"),
                "--to", fixture("fig5-target.machine"), "--trace-out", text.toString(), "--chrome", chrome.toString());
        assertEquals(0, r.code(), r.err());
        assertTrue(r.out().startsWith("""
                length: 9 s
                events: 9 in 2 tasks
                critical path:
                  time (s)  task  event
                  0         p1    start
                  8         p1    send p1->p2 tag 0 #2
                  8         p2    recv p1->p2 tag 0 #2
                  9         p2    work
                """), r.out());
        String predicted = Files.readString(text);
        assertTrue(predicted.contains("p2 recv 4 5 from=p1 size=100 tag=0\n"), predicted);  // halved: 2 -> 1
        assertTrue(predicted.contains("p2 recv 6 8 from=p1 size=100 tag=0\n"), predicted);  // delayed to 8
        // the predicted text trace, replayed as measured, ends at the same time
        Run again = run("critical-path", text.toString());
        assertTrue(again.out().startsWith("length: 9 s\n"), again.out());
        // round trip through Chrome JSON: same length, same path, same events
        Run back = run("critical-path", chrome.toString());
        assertEquals(0, back.code(), back.err());
        assertEquals(r.out(), back.out());
        JsonNode json = new ObjectMapper().readTree(chrome.toFile());
        long flows = 0;
        long slices = 0;
        for (JsonNode e : json.get("traceEvents")) {
            String ph = e.get("ph").asText();
            flows += ph.equals("s") || ph.equals("f") ? 1 : 0;
            slices += ph.equals("X") ? 1 : 0;
        }
        assertEquals(4, flows);  // two messages, each an s and an f
        assertEquals(9, slices);
    }

    @Test
    void chromeRoundTripOfASynchronizationTrace(@TempDir Path dir) {
        Path chrome = dir.resolve("pipeline.json");
        Run r = run("critical-path", fixture("pipeline.sync"), "--chrome", chrome.toString());
        Run back = run("critical-path", chrome.toString());
        assertEquals(0, back.code(), back.err());
        assertEquals(r.out(), back.out());
        // the rebuilt tasks keep their fragments, so they can be rescaled again: 9.5 as above
        Run scaled = run("critical-path", chrome.toString(), "--scale", "consume=0.5");
        assertTrue(scaled.out().startsWith("length: 9.5 s\n"), scaled.out());
    }

    @Test
    void paraverReportInJson() throws IOException {
        Run r = run("critical-path", fixture("exchange.prv"), "--format", "json");
        assertEquals(0, r.code(), r.err());
        JsonNode json = new ObjectMapper().readTree(r.out());
        assertEquals(1e-6, json.get("length").asDouble(), 1e-18); // 1000 ns, see ParaverReaderTest
        assertEquals("s", json.get("unit").asText());
        assertEquals("collective", json.get("byState").get(3).get("name").asText());
        assertEquals(50e-9, json.get("byState").get(3).get("onPath").asDouble(), 1e-18);
        assertEquals("1.3.1", json.get("top").get(0).get("task").asText());
        assertEquals("Running", json.get("top").get(0).get("label").asText());
    }

    @Test
    void chromeTraceOnAnAbsoluteClockReportsADuration() {
        Run r = run("critical-path", fixture("exchange-chrome.json"));
        assertEquals(0, r.code(), r.err());
        assertTrue(r.out().startsWith("length: 0.00055 s (from 1 s to 1.00055 s on the trace's clock)\n"), r.out());
    }

    /** --trace-out and --chrome of a Paraver trace read back to the same report (state names with blanks are quoted). */
    @Test
    void paraverRoundTripsThroughBothWriters(@TempDir Path dir) throws IOException {
        Path text = dir.resolve("out.mpt");
        Path chrome = dir.resolve("out.json");
        Run r = run("critical-path", fixture("exchange.prv"), "--trace-out", text.toString(), "--chrome", chrome.toString());
        assertEquals(0, r.code(), r.err());
        String mpt = Files.readString(text);
        assertTrue(mpt.contains("1.1.1 send 3e-7 3.1e-7 to=1.2.1 size=800 tag=5\n"), mpt);
        assertTrue(mpt.contains("1.3.1 collective 6.5e-7 6.5e-7 name=MPI_Allreduce\n"), mpt);
        assertTrue(mpt.contains("fragment=\"Wait/WaitAll\"") || mpt.contains("fragment=recv"), mpt);
        Run fromText = run("critical-path", text.toString());
        assertEquals(0, fromText.code(), fromText.err());
        assertEquals(r.out(), fromText.out());
        Run fromChrome = run("critical-path", chrome.toString());
        assertEquals(0, fromChrome.code(), fromChrome.err());
        assertEquals(r.out(), fromChrome.out());
    }

    @Test
    void namesWithBlanksAreQuotedInTheTextTrace(@TempDir Path dir) throws IOException {
        Path in = dir.resolve("blanks.mpt");
        Files.writeString(in, "p0 compute 0 2 fragment=\"Immediate Receive\"\np0 compute 2 3 fragment=\"a # b\"\n");
        Path out = dir.resolve("out.mpt");
        Run r = run("critical-path", in.toString(), "--trace-out", out.toString());
        assertEquals(0, r.code(), r.err());
        assertTrue(Files.readString(out).contains("p0 compute 0 2 fragment=\"Immediate Receive\"\n"), Files.readString(out));
        Run back = run("critical-path", out.toString());
        assertEquals(r.out(), back.out());
        assertTrue(r.out().contains("Immediate Receive (receive)"), r.out());
    }

    /** One bad input: the file's lines, its extension, and the exact first line of stderr ({@code F} = the file). */
    record Bad(String what, String ext, String content, int code, String firstLine) {
        @Override
        public String toString() {
            return what;
        }
    }

    static Stream<Bad> badInputs() {
        return Stream.of(
                new Bad("wait with no matching post", "sync", """
                        task a
                        f, begin, , 0
                        f, wait, x(1), 1
                        f, end, , 2
                        """, 2, "F:3:4: deadlock: task 'a' waits forever at 'wait x(1)': no matching post"),
                new Bad("waits in a cycle", "sync", """
                        task a
                        f, begin, , 0
                        f, wait, y, 0
                        f, post, x, 1
                        f, end, , 1
                        task b
                        g, begin, , 0
                        g, wait, x, 0
                        g, post, y, 0
                        g, end, , 0
                        """, 2, "F:3:4: deadlock: task 'a' waits forever at 'wait y': no matching post"
                        + " (blocked tasks: a at 'wait y', b at 'wait x')"),
                new Bad("receive with no send", "mpt", """
                        p0 compute 0 1
                        p1 recv 0 2 from=p0 size=8
                        """, 2, "F:2:4: receive with no send: task p1 receives message p0->p1 tag 0 #1"
                        + " but p0 sends only 0 to it with tag 0"),
                new Bad("receive from a task that does not exist", "mpt", """
                        p1 recv 0 2 from=p9 size=8
                        """, 2, "F:1:13: unknown task 'p9': it has no events in this trace"),
                new Bad("events out of order in a fragment", "sync", """
                        task a
                        f, begin, , 0
                        f, post, x, 2
                        f, end, , 1
                        """, 2, "F:4:11: event out of order: time 1 is before the previous event of fragment f (time 2)"),
                new Bad("events out of order in a task", "mpt", """
                        p0 compute 0 2
                        p0 compute 1 3
                        """, 2, "F:2:12: event out of order: begins at 1, before the previous event of task p0 ends (2)"),
                new Bad("negative time in a synchronization trace", "sync", """
                        f, begin, , 0
                        f, post, x, -1
                        """, 2, "F:2:13: negative time -1: times are relative to the fragment's start"),
                new Bad("negative time in a message trace", "mpt", """
                        p0 compute -1 1
                        """, 2, "F:1:12: negative time -1"),
                new Bad("unknown event", "sync", """
                        f, begin, , 0
                        f, signal, x, 1
                        """, 2, "F:2:4: unknown event 'signal' (expected begin, end, post, wait or barrier)"),
                new Bad("a time that is not a number", "sync", """
                        f, begin, , 0
                        f, post, x, 1e
                        """, 2, "F:2:13: bad time '1e': expected a number"),
                new Bad("a wait without a name", "sync", """
                        f, begin, , 0
                        f, wait, , 1
                        """, 2, "F:2:10: 'wait' needs a name (for example ready(1))"),
                new Bad("fragment never ends", "sync", """
                        task a
                        f, begin, , 0
                        """, 2, "F:2:4: fragment f begins here and never ends (task a)"),
                new Bad("Paraver state that ends before it begins", "prv", """
                        #Paraver (01/01/2024 at 10:00):100_ns:1(1):1:1(1:1)
                        1:1:1:1:1:50:40:1
                        """, 2, "F:2:14: state ends (40) before it begins (50)"),
                new Bad("wildcard receive: a stability warning", "mpt", """
                        p0 send 0 1 to=p1 size=8
                        p1 recv 0 2 from=p0 size=8 wildcard
                        """, 0, "F:2:4: warning: wildcard receive (any source) of message p0->p1 tag 0 #1:"
                        + " the predicted order may differ from the measured one (program stability, Mendes 3.2)"),
                new Bad("a wait that several posts can satisfy: a stability warning", "sync", """
                        task a
                        f, begin, , 0
                        f, post, go, 1
                        f, end, , 1
                        task b
                        f, begin, , 0
                        f, post, go, 2
                        f, end, , 2
                        task c
                        g, begin, , 0
                        g, wait, go, 5
                        g, wait, go, 5
                        g, end, , 5
                        """, 0, "F:11:4: warning: 'wait go' in task 'c' can be satisfied by posts of several tasks"
                        + " ('a', 'b'): the predicted order may differ from the measured one (program stability, Mendes 3.2)"),
                // issue 16: line ends, numbers, durations
                new Bad("CR line ends: the line number of an error", "sync",
                        "task a\rf, begin, , 0\rf, post, , 1\rf, end, , 2\r",
                        2, "F:3:10: 'post' needs a name (for example ready(1))"),
                new Bad("mixed CR, LF and CR LF line ends", "sync",
                        "task a\r\nf, begin, , 0\rf, end, , 1\nf, begin, , 0\r\nf, post, x, -1\r\n",
                        2, "F:5:13: negative time -1: times are relative to the fragment's start"),
                new Bad("an infinite Chrome duration", "json", "[{\"ph\":\"X\",\"pid\":1,\"tid\":1,\"ts\":0,\"dur\":1e999}]",
                        2, "F:1:2: 'dur' must be a finite number >= 0, not inf"),
                new Bad("a message size beyond 18 digits", "mpt", "p0 send 0 1 to=p1 size=99999999999999999999\n",
                        2, "F:1:19: size 99999999999999999999 out of range: at most 999999999999999999 bytes"),
                new Bad("a time in Arabic-Indic digits", "sync", "task a\nf, begin, , \u0661\nf, end, , 1\n",
                        2, "F:2:13: bad time '\u0661': expected a number"),
                new Bad("a time beyond the doubles", "mpt", "p0 compute 0 1e999\n",
                        2, "F:1:14: end time 1e999 out of range"),
                new Bad("clock skew: a Paraver message received before it is sent", "prv",
                        "#Paraver (01/01/2024 at 10:00):100_ns:1(1):1:2(1:1,1:1)\n1:1:1:1:1:0:10:1\n1:1:1:2:1:0:10:8\n"
                        + "3:1:1:1:1:0:9:1:1:2:1:0:6:8:1\n",
                        0, "F:4:25: warning: message received (6) before it is sent (9): clocks out of step?"),
                new Bad("a truncated Paraver file", "prv",
                        "#Paraver (01/01/2024 at 10:00):100_ns:1(1):1:2(1:1,1:1)\n1:1:1:1:1:0:10:1\n1:1:1:2:1:0:10:8\n"
                        + "3:1:1:1:1:0:9:1:1:2:1:0:6:8",
                        2, "F:4:1: expected 15 fields (3:cpu:appl:task:thread:logical_send:physical_send:cpu:appl:task:thread:"
                        + "logical_recv:physical_recv:size:tag), found 14"),
                new Bad("an unknown Paraver record type", "prv",
                        "#Paraver (01/01/2024 at 10:00):100_ns:1(1):1:1(1:1)\n1:1:1:1:1:0:10:1\n9:1:2:3\n9:4\n",
                        0, "F:3:1: warning: unknown record type '9' (expected 1 state, 2 event, 3 communication or c"
                        + " communicator): 2 lines skipped"),
                new Bad("a truncated Chrome file", "json", "[{\"ph\":\"X\",\"pid\":1,\"tid\":1,\"ts\":0,\"dur\":2",
                        2, "F:1:42: bad JSON: Unexpected end-of-input: expected close marker for Object (start marker at"
                        + " [Source: (String)\"[{\"ph\":\"X\",\"pid\":1,\"tid\":1,\"ts\":0,\"dur\":2\"; line: 1, column: 2])"),
                new Bad("a Paraver message size beyond 18 digits", "prv",
                        "#Paraver (01/01/2024 at 10:00):100_ns:1(1):1:2(1:1,1:1)\n1:1:1:1:1:0:10:1\n1:1:1:2:1:0:10:1\n"
                        + "3:1:1:1:1:0:5:1:1:2:1:0:6:99999999999999999999:1\n",
                        2, "F:4:27: number 99999999999999999999 out of range (at most 18 digits)"),
                new Bad("a Paraver time in Arabic-Indic digits", "prv",
                        "#Paraver (01/01/2024 at 10:00):100_ns:1(1):1:1(1:1)\n1:1:1:1:1:0:\u0661\u0660:1\n",
                        2, "F:2:13: bad number '\u0661\u0660': expected a whole number in the digits 0-9"),
                new Bad("a Chrome flow size beyond a long", "json",
                        "[{\"ph\":\"X\",\"pid\":1,\"tid\":1,\"ts\":0,\"dur\":2,\"name\":\"a\"},"
                        + "{\"ph\":\"s\",\"pid\":1,\"tid\":1,\"ts\":1,\"id\":1,\"name\":\"m\",\"args\":{\"size\":99999999999999999999}},"
                        + "{\"ph\":\"f\",\"pid\":1,\"tid\":2,\"ts\":1,\"id\":1,\"name\":\"m\"}]",
                        2, "F:1:55: flow size 99999999999999999999 is not a whole number of bytes from 0 to 2^63-1"));
    }

    /** A measured Chrome timeline written back as .mpt and as Chrome JSON reads back to the same report. */
    @Test
    void chromeTimelineRoundTripsThroughBothWriters(@TempDir Path dir) {
        Path text = dir.resolve("out.mpt");
        Path chrome = dir.resolve("out.json");
        Run r = run("critical-path", fixture("exchange-chrome.json"), "--trace-out", text.toString(), "--chrome", chrome.toString());
        assertEquals(0, r.code(), r.err());
        assertEquals(r.out(), run("critical-path", text.toString()).out());
        assertEquals(r.out(), run("critical-path", chrome.toString()).out());
    }

    @Test
    void crOnlyLineEndsAreLines(@TempDir Path dir) throws IOException {
        Path file = dir.resolve("cr.sync");
        Files.writeString(file, "task a\rf, begin, , 0\rf, post, x, 1\rf, end, , 2\r");
        Run r = run("critical-path", file.toString(), "--summary");
        assertEquals(0, r.code(), r.err());
        assertTrue(r.out().startsWith("length: 2 s\nevents: 3 in 1 task\n"), r.out()); // not one comment line, length 0
    }

    @Test
    void aParaverHeaderThatDeclaresBillionsOfThreadsAllocatesNone(@TempDir Path dir) throws IOException {
        Path file = dir.resolve("huge.prv");
        Files.writeString(file, "#Paraver (01/01/2024 at 10:00):100_ns:1(1):1:1(1300000001:1)\n1:1:1:1:1:0:10:1\n");
        Run r = run("critical-path", file.toString(), "--summary");
        assertEquals(0, r.code(), r.err());
        assertTrue(r.out().startsWith("length: 1e-8 s\n"), r.out()); // 10 ticks of 1 ns
    }

    @Test
    void aDeadlockInAStreamedTraceShowsItsLine(@TempDir Path dir) throws IOException {
        Path file = dir.resolve("late.sync");
        StringBuilder text = new StringBuilder("task a\n");
        for (int i = 0; i < 5000; i++) {
            text.append("f, begin, , 0\nf, end, , 1\n");
        }
        text.append("f, begin, , 0\nf, wait, never, 1\nf, end, , 2\n");
        Files.writeString(file, text);
        Run r = run("critical-path", file.toString());
        assertEquals(2, r.code());
        // line 1 + 10,000 + 2: the wait; its text comes from the stream's position, not a second read
        assertEquals(file + ":10003:4: deadlock: task 'a' waits forever at 'wait never': no matching post\n"
                + "  f, wait, never, 1\n     ^\n", r.err());
    }

    @Test
    void noOutputIsWrittenWhenTheRunFails(@TempDir Path dir) throws IOException {
        Path file = dir.resolve("bad.sync");
        Files.writeString(file, "task a\nf, begin, , 0\nf, wait, x, 1\nf, end, , 2\n");
        Path out = dir.resolve("out.mpt");
        Path chrome = dir.resolve("out.json");
        Files.writeString(out, "earlier\n");
        Run r = run("critical-path", file.toString(), "--trace-out", out.toString(), "--chrome", chrome.toString());
        assertEquals(2, r.code());
        assertEquals("earlier\n", Files.readString(out)); // untouched
        assertFalse(Files.exists(chrome));
        try (var files = Files.list(dir)) {
            assertEquals(List.of("bad.sync", "out.mpt"), files.map(p -> p.getFileName().toString()).sorted().toList());
        }
    }

    @Test
    void oneMachineDescriptionServesComposeAndCriticalPath() {
        // smp-node.machine gives send and receive (critical-path) and latency, bandwidth, rc (compose)
        Run cp = run("critical-path", fixture("mendes-fig5.mpt"), "--from", fixture("smp-node.machine"),
                "--to", fixture("smp-node.machine"), "--summary");
        assertEquals(0, cp.code(), cp.err());
        Run compose = run("compose", Fixtures.root().resolve("fixtures/fft2d/dp.f").toString(),
                "--machine", fixture("smp-node.machine"));
        assertEquals(0, compose.code(), compose.err());
        // a machine without send: critical-path says what it needs
        Run ksr = run("critical-path", fixture("mendes-fig5.mpt"), "--from", Fixtures.root().resolve("fixtures/machines/ksr1.machine").toString(),
                "--to", fixture("fig5-target.machine"));
        assertEquals(2, ksr.code());
        assertTrue(ksr.err().startsWith(Fixtures.root().resolve("fixtures/machines/ksr1.machine") + ":1:1: lcm critical-path"
                + " --from/--to needs send and receive in a machine description; missing: send (seconds to send a message"
                + " of b bytes, f(b)), which the transformation of sends uses\n"), ksr.err());
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("badInputs")
    void badInput(Bad bad, @TempDir Path dir) throws IOException {
        Path file = dir.resolve("bad." + bad.ext());
        Files.writeString(file, bad.content());
        Run r = run("critical-path", file.toString());
        assertEquals(bad.code(), r.code(), r.err());
        String first = r.err().lines().findFirst().orElse("");
        assertEquals(bad.firstLine().replace("F:", file + ":"), first);
        assertFalse(r.err().contains("Exception"), r.err());
        assertFalse(r.err().contains("\tat "), r.err());
    }

    @Test
    void badOptions(@TempDir Path dir) throws IOException {
        Run r = run("critical-path", fixture("pipeline.sync"), "--scale", "nosuch=2");
        assertEquals(2, r.code());
        assertEquals("lcm: --scale nosuch=2: no fragment 'nosuch' in the traces (fragments: produce, consume)\n", r.err());
        Run half = run("critical-path", fixture("mendes-fig5.mpt"), "--from", fixture("fig5-base.machine"));
        assertEquals(2, half.code());
        assertEquals("lcm: --from and --to go together: a transformation needs both machines\n", half.err());
        Path machine = dir.resolve("bad.machine");
        Files.writeString(machine, "send = n/2\nreceive = b/1e9\n");
        Run m = run("critical-path", fixture("mendes-fig5.mpt"), "--from", machine.toString(), "--to", machine.toString());
        assertEquals(2, m.code());
        assertEquals(machine + ":1:8: unknown variable 'n' in send: only b (the message size in bytes) is defined",
                m.err().lines().findFirst().orElse(""));
        Run format = run("critical-path", dir.resolve("x.txt").toString());
        assertEquals(2, format.code());
    }

    /** The report from the line "time by state" on (the part that does not name events). */
    private static String breakdown(String report) {
        return report.substring(report.indexOf("time by state"));
    }

    /**
     * --trace-out OUT.prv writes a Paraver trace with its .pcf and .row that keeps Paraver's own
     * rules (header, record layouts, objects in the header's model, sorted times, named states)
     * and that lcm reads back to the same report, for every input format that has messages.
     */
    @ParameterizedTest
    @ValueSource(strings = {"exchange.prv", "exchange-chrome.json", "mendes-fig5.mpt"})
    void paraverOutputKeepsParaversRulesAndReadsBackToTheSameReport(String input, @TempDir Path dir) throws IOException {
        Path prv = dir.resolve("out.prv");
        Run r = run("critical-path", fixture(input), "--trace-out", prv.toString());
        assertEquals(0, r.code(), r.err());
        assertEquals(List.of(), ParaverFormatRules.check(prv));
        Run back = run("critical-path", prv.toString());
        assertEquals(0, back.code(), back.err());
        assertEquals(r.out(), back.out());
    }

    @Test
    void paraverOutputOfTheExchangeByHand(@TempDir Path dir) throws IOException {
        Path prv = dir.resolve("exchange-out.prv");
        Run r = run("critical-path", fixture("exchange.prv"), "--trace-out", prv.toString());
        assertEquals(0, r.code(), r.err());
        String body = Files.readString(prv);
        String pcf = Files.readString(dir.resolve("exchange-out.pcf"));
        // three threads of one application, one CPU each; the trace ends at 1000 ns (1.2.1's last state)
        assertTrue(body.matches("(?s)#Paraver \\(\\d\\d/\\d\\d/\\d{4} at \\d\\d:\\d\\d\\):1000_ns:1\\(3\\):1:3\\(1:1,1:1,1:1\\)\n.*"),
                body);
        // 1.1.1's Immediate Send 300-310 is a Blocking Send state (4) and the message: logical send 300,
        // physical 310; 1.2.1 waited from 100 and had it when it was sent, 310 (replayed); the rest of
        // its Wait/WaitAll (310-400) is its receive work
        assertTrue(body.contains("\n1:1:1:1:1:300:310:4\n"), body);
        assertTrue(body.contains("\n3:1:1:1:1:300:310:2:1:2:1:100:310:800:5\n"), body);
        assertTrue(body.contains("\n1:2:1:2:1:100:310:3\n"), body);
        // the allreduce: 1.3.1 arrives last (650); every member leaves at 700 (its rest, 50 ns, is the
        // operation's); entered with Extrae's event 50000002 naming it, left with value 0
        assertTrue(body.contains("\n2:3:1:3:1:650:50000002:1\n"), body);
        assertTrue(body.contains("\n2:3:1:3:1:700:50000002:0\n"), body);
        assertTrue(pcf.contains("\n1   MPI_Allreduce\n"), pcf);
        assertTrue(pcf.contains("\n3    Waiting a message\n"), pcf); // Extrae's numbers for Extrae's names
        assertTrue(pcf.contains("\n1    Running\n"), pcf);
        assertTrue(Files.readString(dir.resolve("exchange-out.row")).contains("LEVEL THREAD SIZE 3\n1.1.1\n1.2.1\n1.3.1\n"));
    }

    /** Posts and waits of a synchronization trace become messages of 0 bytes: same length, same breakdown. */
    @Test
    void aSynchronizationTraceAsParaver(@TempDir Path dir) throws IOException {
        Path prv = dir.resolve("pipeline.prv");
        Run r = run("critical-path", fixture("pipeline.sync"), "--trace-out", prv.toString());
        assertEquals(0, r.code(), r.err());
        assertEquals(List.of(), ParaverFormatRules.check(prv));
        // the consumer waits for ready(1) from 0 to 2 s: logical receive 0, physical 2 s (the post)
        assertTrue(Files.readString(prv).contains("\n3:1:1:1:1:2000000000:2000000000:2:1:2:1:0:2000000000:0:1\n"));
        Run back = run("critical-path", prv.toString());
        assertEquals(0, back.code(), back.err());
        assertTrue(back.out().startsWith("length: 14 s\n"), back.out());
        assertEquals(breakdown(r.out()), breakdown(back.out()));
    }

    /**
     * A collective of no duration (the last member arrives and the operation has no rest) and a
     * barrier with a name that is no MPI call stay collectives through Paraver.
     */
    @Test
    void collectivesOfNoDurationAndPlainBarriersSurviveParaver(@TempDir Path dir) throws IOException {
        Path in = dir.resolve("zero.mpt");
        // a arrives at 2 and waits for b (3); b's collective takes no time; both go on at 3
        Files.writeString(in, """
                a compute 0 2
                a collective 2 3 name=MPI_Barrier
                b compute 0 3
                b collective 3 3 name=MPI_Barrier
                a compute 3 4
                b compute 3 5
                """);
        Path prv = dir.resolve("zero.prv");
        Run r = run("critical-path", in.toString(), "--trace-out", prv.toString());
        assertEquals(0, r.code(), r.err());
        assertEquals(List.of(), ParaverFormatRules.check(prv));
        String body = Files.readString(prv);
        assertTrue(body.contains("\n2:2:1:2:1:3000000000:50000002:1\n2:2:1:2:1:3000000000:50000002:0\n"), body);
        Run back = run("critical-path", prv.toString());
        assertEquals(r.out(), back.out());
        // still a barrier: a waits for b from 2 to 3 (1 s of wait off the path)
        assertTrue(back.out().contains("\n  wait         0        0.0 %      1\n"), back.out());

        Path sync = dir.resolve("b.sync");
        Files.writeString(sync, "task a\nf, begin, , 0\nf, barrier, step, 1\nf, end, , 2\n"
                + "task b\ng, begin, , 0\ng, barrier, step, 3\ng, end, , 4\n");
        Path out = dir.resolve("b.prv");
        Run s = run("critical-path", sync.toString(), "--trace-out", out.toString());
        assertEquals(0, s.code(), s.err());
        assertEquals(List.of(), ParaverFormatRules.check(out));
        Run sb = run("critical-path", out.toString());
        // a: 1 + wait 2 + 1 = 4; b: 3 + 1 = 4
        assertTrue(s.out().startsWith("length: 4 s\n"), s.out());
        assertTrue(sb.out().startsWith("length: 4 s\n"), sb.out());
        assertTrue(sb.out().contains("barrier step #1"), sb.out());
        // on the path: b's 3 s up to the barrier (the last arrival releases a) and a's 1 s after it
        assertTrue(s.out().contains("\n  a     1        25.0 %     3\n  b     3        75.0 %     1\n"), s.out());
        assertEquals(breakdown(s.out()), breakdown(sb.out()));
    }

    /** The format checker used above finds what Paraver would reject (so that passing it means something). */
    @Test
    void theParaverRulesFindBrokenTraces(@TempDir Path dir) throws IOException {
        Path ok = dir.resolve("x.prv");
        Files.writeString(ok, "#Paraver (23/11/2026 at 12:00):100_ns:1(2):1:2(1:1,1:1)\n1:1:1:1:1:0:50:1\n");
        Files.writeString(dir.resolve("x.pcf"), "STATES\n1    Running\n");
        Files.writeString(dir.resolve("x.row"), "LEVEL CPU SIZE 2\na\nb\n\nLEVEL THREAD SIZE 2\nt1\nt2\n");
        assertEquals(List.of(), ParaverFormatRules.check(ok));
        Files.writeString(ok, "#Paraver (23/11/2026 at 12:00):100_ns:1(2):1:2(1:1,1:1)\n1:1:1:3:1:0:50:1\n"
                + "1:1:1:1:1:60:200:2\n1:1:1:1:1:10:20:1\n2:1:1:1:1:5:7\n");
        assertEquals(List.of("line 2: thread 1.3.1 is not in the header",
                "line 3: time 200 after the trace's end 100",
                "line 4: time 10 before the previous record's 60 (not sorted)",
                "line 4: state overlaps the previous state of thread 1.1.1",
                "line 5: record type 2 with 7 fields",
                "x.pcf: state 2 has no name in STATES"), ParaverFormatRules.check(ok));
        // the hand-written fixture, laid out as Extrae writes, keeps the rules
        assertEquals(List.of(), ParaverFormatRules.check(Fixtures.traces("exchange.prv")));
    }

    /** --trace-out into a folder that does not exist: one line naming it, exit 2, nothing written. */
    @Test
    void traceOutIntoAMissingFolder(@TempDir Path dir) {
        Path out = dir.resolve("no/such/out.prv");
        Run r = run("critical-path", fixture("exchange.prv"), "--trace-out", out.toString());
        assertEquals(2, r.code());
        assertEquals("lcm: cannot write " + out + ": no folder " + out.getParent() + "\n", r.err());
        assertEquals("", r.out());
    }
}
