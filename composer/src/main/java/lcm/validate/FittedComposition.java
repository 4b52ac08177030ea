package lcm.validate;

import lcm.annotate.AnnotationPlan;
import lcm.annotate.Annotator;
import lcm.annotate.FileChange;
import lcm.compose.ComposeOptions;
import lcm.compose.ComposedModel;
import lcm.compose.Composer;
import lcm.dag.Program;
import lcm.fit.CandidateTable;
import lcm.fortran.FortranOptions;
import lcm.frontend.ProgramReader;
import lcm.measure.MeasurementSet;
import lcm.source.SourceRegistry;
import lcm.source.SourceText;

import java.nio.file.Path;
import java.util.List;

/**
 * The prediction lcm makes from measured runs: every fragment's models fitted to the runs and
 * written into the program's sources as {@code lcm annotate} writes them (here in memory: no
 * file is touched), then the program composed. A fitted fragment's models are exactly those
 * fitted: its own lines are replaced, also those of categories the data do not measure (a cl or
 * rc line would add what the runs did not show). Observations of old pp files get their
 * fragment's width in the program measured, as annotate gives them.
 */
public final class FittedComposition {

    private final ComposeOptions options;
    private final FortranOptions fortran;
    /** One annotator for every resample: it reads the measured program once. */
    private final Annotator annotator;

    public FittedComposition(SourceRegistry sources, ComposeOptions options, FortranOptions fortran,
                             CandidateTable table) {
        this.options = options;
        this.fortran = fortran;
        this.annotator = new Annotator(sources, table, fortran).force(true).onlyFitted(true);
    }

    /** The models fitted to {@code data} and the composed model of {@code files} with them. */
    public record Fitted(AnnotationPlan plan, ComposedModel model) {
    }

    public Fitted compose(List<Path> files, MeasurementSet data) {
        return compose(files, data, true);
    }

    /**
     * {@link #compose(List, MeasurementSet)}, where {@code stability} false leaves out the fits'
     * stability checks, whose only output is a note of the plan ({@link Annotator#plan(List,
     * MeasurementSet, boolean)}): the models are the same.
     */
    public Fitted compose(List<Path> files, MeasurementSet data, boolean stability) {
        AnnotationPlan plan = annotator.plan(files, data, stability);
        return new Fitted(plan, new Composer(options).compose(read(files, plan)));
    }

    /**
     * The composed model of {@code compose}, for a caller that uses no plan: its fits skip the
     * stability check, whose only output is a note of the plan (the models are the same).
     */
    public ComposedModel model(List<Path> files, MeasurementSet data) {
        return compose(files, data, false).model();
    }

    /** The program of {@code files} with every fragment's models fitted to {@code data}, not composed (lcm explore). */
    public Program program(List<Path> files, MeasurementSet data) {
        return read(files, annotator.plan(files, data, false));
    }

    /** Every run of a measurement file, as validate fits them when --fit-on selects none out. */
    public static MeasurementSet runs(Path data, SourceRegistry sources) {
        return RunSample.read(data, sources).sample().all();
    }

    private Program read(List<Path> files, AnnotationPlan plan) {
        SourceRegistry annotated = new SourceRegistry();
        for (FileChange f : plan.files()) {
            annotated.register(SourceText.of(f.path(), SourceText.decode(f.after())));
        }
        return new ProgramReader(annotated, fortran).read(files).orThrow();
    }
}
