package lcm.trace;

import lcm.source.Diagnostic;

import java.util.Collections;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * What a trace reader hands the engine: the tasks, the fragment labels their work uses (so that
 * {@code --scale NAME=...} can be checked), and warnings found while reading.
 */
public record LoadedTrace(List<TaskStream> tasks, Set<String> fragments, List<Diagnostic> warnings) {

    public LoadedTrace {
        tasks = List.copyOf(tasks);
        fragments = Collections.unmodifiableSet(new LinkedHashSet<>(fragments));
        warnings = List.copyOf(warnings);
    }
}
