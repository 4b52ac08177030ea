package lcm.cli;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** lcm measure on a Java program: pp lines and header, and every bad input of docs/measure.md. */
class MeasureCommandTest {

    @TempDir
    Path dir;

    private final String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();

    private Path resource(String name) throws IOException {
        Path to = dir.resolve(name);
        try (InputStream in = getClass().getResourceAsStream(name)) {
            Files.write(to, in.readAllBytes());
        }
        return to;
    }

    @Tag("timing")
    @Test
    void appendsLinesWithHeader() throws IOException {
        Path program = resource("Probed.java");
        Path pp = dir.resolve("run.pp");
        CliRun first = CliRun.of("measure", "--vars", "n=10,p=2", "--out", pp.toString(), "--", java, program.toString());
        assertEquals(0, first.code(), first.err());
        CliRun second = CliRun.of("measure", "--vars", "n=20,p=1", "--out", pp.toString(), "--", java, program.toString());
        assertEquals(0, second.code(), second.err());
        List<String> lines = Files.readAllLines(pp);
        List<String> data = lines.stream().filter(l -> !l.startsWith("#")).toList();
        // one line per fragment and run (work ran once), with the run's variables, processors and
        // work's width (a parallel loop alone: p), the sums and the medians per execution, the threads
        // that worked for it with the spread of their busy times (at p = 1 too: the common pool keeps one
        // worker beside main, so two threads may work on the one processor)
        assertEquals(2, data.size(), String.join("\n", lines));
        String sums = " pc=\\S+ li=\\S+ ip=\\S+ sl=\\S+ wall=\\S+ pc_med=\\S+ li_med=\\S+ ip_med=\\S+ sl_med=\\S+ wall_med=\\S+";
        assertTrue(data.get(0).matches("tag=work n=10 procs=2 width=2 execs=1" + sums + " thr=2 tmean=\\S+ tsd=\\S+"), data.get(0));
        assertTrue(data.get(1).matches("tag=work n=20 procs=1 width=1 execs=1" + sums + " thr=[12] tmean=\\S+ tsd=\\S+"), data.get(1));
        assertEquals(2, lines.stream().filter(l -> l.startsWith("# run: p = ")).count());
        assertTrue(lines.stream().anyMatch(l -> l.startsWith("# method: Java agent")));
        assertTrue(lines.stream().anyMatch(l -> l.contains("cl and rc absent")));
        assertEquals(2, lines.stream().filter(l -> l.startsWith("# conservation: ") && l.endsWith("(within 2 %)")).count(),
                String.join("\n", lines));
        assertEquals(data.get(0) + "\n", first.out());
    }

    @Test
    void measuredRegionStartsAtMainOrAtTheFromFragment() throws IOException {
        Path program = resource("Warmed.java");
        // Warmed runs begin once in its static initializer, then in main: work three times (a
        // warm-up), begin, work. Class initialization is never measured: 3 + 1 + 1 = 5 executions.
        CliRun all = CliRun.of("measure", "--per-execution", "--", java, program.toString());
        assertEquals(0, all.code(), all.err());
        assertEquals(List.of("work", "work", "work", "begin", "work"), tags(all.out()));
        // per fragment and run: work 4 times, begin once
        CliRun summed = CliRun.of("measure", "--", java, program.toString());
        assertEquals(0, summed.code(), summed.err());
        assertEquals(List.of("work", "begin"), tags(summed.out()));
        assertTrue(summed.out().startsWith("tag=work procs=" + Runtime.getRuntime().availableProcessors()), summed.out());
        assertTrue(summed.out().contains(" execs=4 "), summed.out());
        // begin is serial code: width 1
        assertTrue(summed.out().contains("tag=begin procs=" + Runtime.getRuntime().availableProcessors()
                + " width=1 execs=1 "), summed.out());
        // --from begin: the warm-up is left out too, 2 lines, and the header says so
        Path pp = dir.resolve("warm.pp");
        CliRun from = CliRun.of("measure", "--per-execution", "--from", "begin", "--out", pp.toString(), "--", java,
                program.toString());
        assertEquals(0, from.code(), from.err());
        assertEquals(List.of("begin", "work"), tags(from.out()));
        assertTrue(Files.readString(pp).contains("measured from the first execution of begin (3 fragment executions "
                + "before it, a warm-up, not measured)"), Files.readString(pp));
    }

    @Test
    void fromAFragmentThatDoesNotExist() throws IOException {
        Path program = resource("Warmed.java");
        CliRun run = CliRun.of("measure", "--from", "nope", "--", java, program.toString());
        assertEquals(2, run.code());
        assertEquals("lcm: --from nope: no fragment of that name in the sources (fragments: work, begin)\n", run.err());
    }

    private static List<String> tags(String ppLines) {
        return ppLines.lines().map(l -> l.substring(4, l.indexOf(' '))).toList();
    }

    @Test
    void failedRunWritesNothing() throws IOException {
        Path program = resource("Probed.java");
        Path pp = dir.resolve("run.pp");
        Files.writeString(pp, "tag=old n=1 p=1 pc=1 li=0 ip=0 sl=0\n");
        byte[] before = Files.readAllBytes(pp);
        CliRun run = CliRun.of("measure", "--out", pp.toString(), "--", java, program.toString(), "fail");
        assertEquals(2, run.code());
        assertTrue(run.err().contains("probed: failing on purpose"), run.err());
        assertTrue(run.err().contains("exited with status 3; no pp lines written"), run.err());
        assertEquals("", run.out());
        assertArrayEquals(before, Files.readAllBytes(pp));
    }

    @Test
    void killedRunLeavesTheFileUntouched() throws IOException {
        Path program = resource("Probed.java");
        Path pp = dir.resolve("run.pp");
        Files.writeString(pp, "tag=old n=1 p=1 pc=1 li=0 ip=0 sl=0\n");
        byte[] before = Files.readAllBytes(pp);
        CliRun run = CliRun.of("measure", "--out", pp.toString(), "--", java, program.toString(), "kill");
        assertEquals(2, run.code());
        assertTrue(run.err().contains("was killed by signal 9; no pp lines written"), run.err());
        assertArrayEquals(before, Files.readAllBytes(pp));
        try (var files = Files.list(dir)) {
            assertEquals(2, files.count(), "no temporary file left beside run.pp");
        }
    }

    @Test
    void commandNotFound() throws IOException {
        Path program = resource("Probed.java");
        CliRun run = CliRun.of("measure", "--source", program.toString(), "--", dir.resolve("no-such-program").toString());
        assertEquals(2, run.code());
        assertTrue(run.err().contains("cannot run") || run.err().contains("missing:"), run.err());
        assertFalse(run.err().contains("Exception"), run.err());
    }

    @Test
    void noFragments() throws IOException {
        Path program = resource("NoFragments.java");
        CliRun run = CliRun.of("measure", "--", java, program.toString());
        assertEquals(2, run.code());
        assertTrue(run.err().contains("the sources mark none and their structure has no node to measure"), run.err());
    }

    @Test
    void unwritablePpFileIsReportedBeforeRunning() throws IOException {
        Path program = resource("Probed.java");
        Path pp = dir.resolve("missing-folder").resolve("run.pp");
        CliRun run = CliRun.of("measure", "--out", pp.toString(), "--", java, program.toString(), "fail");
        assertEquals(2, run.code());
        assertTrue(run.err().contains("does not exist"), run.err());
        assertFalse(run.err().contains("failing on purpose"), "the program did not run: " + run.err());
    }

    @Tag("timing")
    @Test
    void everyWayOutOfAFragmentEndsItOnce() throws IOException {
        // resource WaysOut.java: continue and a labelled break, switch cases, a try/catch inside,
        // an exception thrown out, a fragment in a lambda (nested in the stream's fragment), one in
        // a synchronized block, a whole method with three returns
        Path program = resource("WaysOut.java");
        Path pp = dir.resolve("ways.pp");
        CliRun run = CliRun.of("measure", "--vars", "p=2", "--out", pp.toString(), "--", java, program.toString());
        assertEquals(0, run.code(), run.err());
        Map<String, String> execs = new LinkedHashMap<>();
        for (String l : run.out().lines().toList()) {
            execs.put(l.substring(4, l.indexOf(' ')), l.replaceAll(".* execs=(\\d+) .*", "$1"));
        }
        assertEquals(Map.of("continued", "8", "switched", "6", "caught", "1", "thrower", "1", "streamed", "1",
                "lambdaBody", "4", "locked", "1", "whole", "3"), execs);
        String text = Files.readString(pp);
        assertTrue(text.contains("(within 2 %)"), text);
        assertFalse(text.contains("never ran"), text);
    }

    @Test
    void moreProcessorsThanTheMachineHasAreRefused() throws IOException {
        Path program = resource("Probed.java");
        int more = Runtime.getRuntime().availableProcessors() + 1;
        CliRun run = CliRun.of("measure", "--vars", "p=" + more, "--", java, program.toString());
        assertEquals(2, run.code());
        int n = Runtime.getRuntime().availableProcessors();
        assertEquals("lcm: --vars p=" + more + ": this machine has " + n + " processor" + (n == 1 ? "" : "s") + "; "
                + more + " threads on them would be time-sliced, and the run would measure that, not " + more
                + " processors (give --oversubscribe to run it anyway; its header then says so)\n", run.err());
        assertEquals("", run.out());
    }

    @Test
    void oversubscribedRunsSayWhatTheyAre() throws IOException {
        Path program = resource("Probed.java");
        Path pp = dir.resolve("over.pp");
        int more = Runtime.getRuntime().availableProcessors() + 1;
        CliRun run = CliRun.of("measure", "--oversubscribe", "--vars", "p=" + more, "--out", pp.toString(), "--", java,
                program.toString());
        assertEquals(0, run.code(), run.err());
        String text = Files.readString(pp);
        assertTrue(text.contains("# run: p = " + more + " processors;"), text);
        assertTrue(text.contains("# warning: oversubscribed (--oversubscribe): p = " + more + " threads on this machine's "
                + Runtime.getRuntime().availableProcessors() + " processors"), text);
        assertTrue(run.err().contains("lcm measure: warning: oversubscribed"), run.err());
    }

    @Test
    void badVars() {
        CliRun run = CliRun.of("measure", "--vars", "n=abc", "--", java, "X.java");
        assertEquals(2, run.code());
        assertTrue(run.err().contains("--vars: the value of n must be a number, not 'abc'"), run.err());
    }
}
