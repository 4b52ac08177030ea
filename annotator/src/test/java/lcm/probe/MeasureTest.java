package lcm.probe;

import lcm.source.UserError;
import lcm.values.Point;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * What lcm measure decides before the program runs: the variables its lines carry (--vars read as
 * a point, p left out for procs=), the run's processors and the oversubscription rule, and the
 * probe that fits the command.
 */
class MeasureTest {

    private final int available = Runtime.getRuntime().availableProcessors();

    @Test
    void linesCarryTheVariablesValuesInTheOrderGivenWithoutP() {
        Map<String, String> vars = Measure.lineVariables(Point.parse("n=2^10,p=2,x=0.125,itors=16", "--vars"));
        assertEquals(List.of("n", "x", "itors"), List.copyOf(vars.keySet()));
        assertEquals("1024", vars.get("n"));
        assertEquals("0.125", vars.get("x"));
        assertEquals("16", vars.get("itors"));
    }

    @Test
    void pIsAWholeNumberAndTagIsNoVariable() {
        UserError half = assertThrows(UserError.class, () -> Measure.lineVariables(Point.parse("p=2.5", "--vars")));
        assertEquals("lcm: --vars: p must be a whole number of processors, not '2.5'", half.getMessage());
        UserError tag = assertThrows(UserError.class, () -> Measure.lineVariables(Point.parse("tag=3", "--vars")));
        assertEquals("lcm: --vars: 'tag' is the fragment's tag, not a variable", tag.getMessage());
    }

    @Test
    void theRunGetsPOrEveryProcessor() {
        List<String> notes = new ArrayList<>();
        assertEquals(1, Measure.processors(Point.parse("n=8,p=1", "--vars"), false, notes));
        assertEquals(available, Measure.processors(Point.parse("n=8", "--vars"), false, notes));
        assertEquals(List.of(), notes);
    }

    @Test
    void moreThreadsThanProcessorsAreRefusedUnlessAskedForAndThenSaidSo() {
        int more = available + 2;
        Point p = Point.parse("p=" + more, "--vars");
        UserError e = assertThrows(UserError.class, () -> Measure.processors(p, false, new ArrayList<>()));
        assertTrue(e.getMessage().startsWith("lcm: --vars p=" + more + ": this machine has " + available + " processor"),
                e.getMessage());
        List<String> notes = new ArrayList<>();
        assertEquals(more, Measure.processors(p, true, notes));
        assertEquals(List.of("oversubscribed (--oversubscribe): p = " + more + " threads on this machine's " + available
                + " processors; they were time-sliced, so the categories count " + more + " processors of which 2 "
                + "were not there (busy time includes threads waiting for a processor)"), notes);
    }

    @Test
    void javaRunsUnderTheAgentEverythingElseUnderTheOmptTool(@org.junit.jupiter.api.io.TempDir Path work) {
        FragmentSites none = new FragmentSites(List.of());
        Path events = work.resolve("events.txt");
        ProgramProbe java = ProgramProbe.of(new ProbeRun.Request(List.of("/usr/bin/java", "X.java"), 2, none), work,
                events);
        assertInstanceOf(JavaProbe.class, java);
        assertEquals("", java.nothingRecorded());
        ProgramProbe omp = ProgramProbe.of(new ProbeRun.Request(List.of("./ft", "256"), 2, none), work, events);
        assertInstanceOf(OpenMpProbe.class, omp);
        assertEquals(" (is it an OpenMP program? the OMPT tool saw no OpenMP runtime start)", omp.nothingRecorded());
        UserError built = assertThrows(UserError.class, () -> ProgramProbe.of(new ProbeRun.Request(
                List.of("java", "X.java"), 2, none, null, Map.of(), new ProbeRun.Build(List.of("javac"), null)), work,
                events));
        assertTrue(built.getMessage().startsWith("lcm: --build is for OpenMP programs"), built.getMessage());
    }
}
