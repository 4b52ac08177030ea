package lcm.probe;

import lcm.source.UserError;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * The probe a measured program runs under, one per kind of program (docs/measure.md): what it
 * prepares before the run (an agent, a tool, an instrumented build), how the program is started,
 * and how the events it recorded name the fragments and are replayed. {@link ProbeRun} runs the
 * program and accounts the lost cycles the same way for each.
 */
sealed interface ProgramProbe permits JavaProbe, OpenMpProbe {

    /**
     * How the program starts: its command line (without taskset), the environment added, and
     * what the header says of the runtime and the method; {@code warnings} of preparing it (an
     * instrumented build's).
     */
    record Launch(List<String> command, Map<String, String> environment, String runtime, String method,
                  List<String> warnings) {
        public Launch {
            command = List.copyOf(command);
            environment = Map.copyOf(environment);
            warnings = List.copyOf(warnings);
        }
    }

    /**
     * The probe for the request's program, which keeps its files in {@code work} and has the
     * events header written to {@code events}: the Java agent when the command is {@code java},
     * else the OMPT tool.
     */
    static ProgramProbe of(ProbeRun.Request r, Path work, Path events) {
        if (JavaProbe.isJava(r.command())) {
            if (r.build() != null) {
                throw UserError.of("--build is for OpenMP programs; a Java program is measured as it runs (its agent "
                        + "instruments the classes)");
            }
            return new JavaProbe(r, work, events);
        }
        return new OpenMpProbe(r, work, events);
    }

    /** Prepares the run in the work folder and says how to start it. */
    Launch prepare();

    /** What the error says after "the probe recorded nothing" (a hint, or nothing). */
    String nothingRecorded();

    /** The fragment tag of each probe site of the events; {@code warnings} hears what mapping them found. */
    Map<Integer, String> tags(ProbeEvents events, List<String> warnings);

    /** Replays the run's transitions into the sweep, in time order. */
    void replay(ProbeEvents events, LostCycles sweep);

    /** Why no fragment was measured, for the error of a run in which none ran. */
    String noneMeasured(ProbeEvents events);
}
