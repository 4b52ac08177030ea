package lcm.frontend;

import lcm.dag.Dag;
import lcm.dag.Execution;
import lcm.source.SourceLocation;
import lcm.structure.ParsedFile;
import lcm.structure.Routine;
import lcm.structure.RoutineIndex;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * A program's files as the front ends parsed them and the DAG built from them: what a stage
 * that writes into the sources or instruments them needs ({@code lcm annotate} places model
 * lines by the parse tree, {@code lcm measure} finds the fragments nested in others).
 */
public record ParsedProgram(List<ParsedFile> files, Dag dag) {

    public ParsedProgram {
        files = List.copyOf(files);
    }

    /**
     * How the fragment whose construct starts at a location runs (serial, replicated or parallel
     * code), for the fragments nested in others too, which are no node of the DAG: a probe gives
     * a serial one width 1 and any other its parent's width.
     */
    public Function<SourceLocation, Execution> fragmentExecution() {
        Map<String, Routine> routines = new LinkedHashMap<>();
        for (ParsedFile f : files) {
            for (Routine r : f.routines()) {
                routines.putIfAbsent(r.name(), r);
            }
        }
        return new SerialCode(routines, RoutineIndex.of(routines.values()))::of;
    }
}
