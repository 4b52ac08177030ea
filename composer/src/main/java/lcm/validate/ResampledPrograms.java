package lcm.validate;

import lcm.dag.Program;
import lcm.measure.MeasurementSet;
import lcm.source.SourceRegistry;
import lcm.source.UserError;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.SplittableRandom;

/**
 * A program with every fragment's models fitted to each of R bootstrap resamples of its runs
 * ({@code lcm explore --data RUNS --resamples R}): the runs drawn as {@code lcm validate} draws
 * them (whole runs, within each point, in order from the seed), each resample fitted and written
 * into the sources in memory ({@link FittedComposition#program}). Variants composed with each
 * resample's models give paired predictions, whose differences cancel the error the variants share.
 *
 * @param programs the program with each resample's models, in the order drawn (those that could be fitted)
 * @param failures why each of the others could not be fitted or read
 */
public record ResampledPrograms(List<Program> programs, List<String> failures) {

    public ResampledPrograms {
        programs = List.copyOf(programs);
        failures = List.copyOf(failures);
    }

    /** The program of {@code files} fitted to {@code count} resamples of {@code data}'s runs, drawn from {@code seed}. */
    public static ResampledPrograms of(FittedComposition fitter, List<Path> files, Path data, SourceRegistry sources,
                                       int count, long seed) {
        RunSample sample = RunSample.read(data, sources).sample();
        SplittableRandom random = new SplittableRandom(seed);
        List<MeasurementSet> draws = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            draws.add(sample.resample(random));
        }
        List<Draw> fitted = draws.parallelStream().map(one -> {
            try {
                return new Draw(Optional.of(fitter.program(files, one)), "");
            } catch (UserError e) {
                return new Draw(Optional.empty(), e.getMessage().lines().findFirst().orElse(""));
            }
        }).toList();
        List<Program> programs = new ArrayList<>();
        List<String> failures = new ArrayList<>();
        for (Draw d : fitted) {
            d.program().ifPresentOrElse(programs::add, () -> failures.add(d.failure()));
        }
        return new ResampledPrograms(programs, failures);
    }

    /** What the user should know when some resamples could not be fitted. */
    public Optional<String> warning() {
        if (failures.isEmpty()) {
            return Optional.empty();
        }
        return Optional.of(failures.size() + " of " + (failures.size() + programs.size()) + " resamples of the runs could not "
                + "be fitted and are not in the paired intervals: " + FailureReasons.of(failures));
    }

    /** One resample's program, or why it could not be fitted. */
    private record Draw(Optional<Program> program, String failure) {
    }
}
