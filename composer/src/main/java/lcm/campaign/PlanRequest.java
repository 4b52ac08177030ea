package lcm.campaign;

import lcm.campaign.Campaign.Axis;
import lcm.fortran.FortranOptions;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.OptionalDouble;

/**
 * What {@code lcm plan} is asked: the campaign's name and folders, the axes, the programs, how
 * many runs, the budget, and the basis of the cost estimate.
 *
 * @param name       the campaign's name
 * @param workdir    the folder the commands run in (and the sources are read from)
 * @param campaignFile where the campaign file goes
 * @param axes       the variables' values, p last
 * @param structures the programs
 * @param runs       runs per point, or 0 for the default
 * @param budget     the most seconds the runs may take together, when given
 * @param seed       the seed of the run order
 * @param pilot      whether to estimate from a pilot on this machine
 * @param data       existing pp files per structure name, to estimate from
 * @param processors this machine's processors
 * @param fortran    how Fortran sources are read (lcm measure gets the same options)
 */
public record PlanRequest(String name, Path workdir, Path campaignFile, List<Axis> axes, List<Program> structures,
                          int runs, OptionalDouble budget, long seed, boolean pilot, Map<String, Path> data,
                          int processors, FortranOptions fortran) {

    /** The runs of a point when the request gives none and no budget asks for fewer. */
    public static final int DEFAULT_RUNS = 3;

    public PlanRequest {
        axes = List.copyOf(axes);
        structures = List.copyOf(structures);
        data = Map.copyOf(data);
    }

    /**
     * A program to measure: its name, its command with {@code {VARIABLE}} placeholders, its sources
     * (empty: the .java files of the command, as lcm measure finds them) and further options of
     * lcm measure.
     */
    public record Program(String name, List<String> command, List<String> sources, List<String> measureOptions) {
        public Program {
            command = List.copyOf(command);
            sources = List.copyOf(sources);
            measureOptions = List.copyOf(measureOptions);
        }
    }
}
