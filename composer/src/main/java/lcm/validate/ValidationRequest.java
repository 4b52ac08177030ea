package lcm.validate;

import lcm.compose.ComposeOptions;
import lcm.fortran.FortranOptions;
import lcm.measure.Extraction;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * What {@code lcm validate} compares.
 *
 * @param files     the sources of the structure predicted (B)
 * @param measured  B's runs (a pp file written by lcm measure)
 * @param where     which of B's runs to validate (their point: variables and p); all by default
 * @param data      the runs the models are fitted on (structure A, whose sources B names with
 *                  {@code measured-in:}); without it, the models already in B's sources are used
 *                  and there are no intervals
 * @param fitOn     which of the data's runs the models are fitted on (all by default)
 * @param versus    A's sources, for the verdict: A composed from its own fit, at B's points
 * @param vars      values of model variables the runs do not give
 * @param options   composition options (machine)
 * @param fortran   how the front end reads Fortran sources
 * @param resamples bootstrap resamples of the fitted runs for the 90 % intervals (0: none)
 * @param seed      the resampling's seed (the same seed gives the same intervals)
 */
public record ValidationRequest(List<Path> files, Path measured, Extraction where, Optional<Path> data,
                                Extraction fitOn, List<Path> versus, Map<String, Double> vars,
                                ComposeOptions options, FortranOptions fortran, int resamples, long seed) {

    public ValidationRequest {
        files = List.copyOf(files);
        versus = List.copyOf(versus);
        vars = Map.copyOf(vars);
    }

    /** The default number of resamples: none (the intervals come from the models' error, {@link ModelError}; a bootstrap takes minutes of CPU). */
    public static final int RESAMPLES = 0;

    /** The default seed. */
    public static final long SEED = 19940501L;
}
