package lcm.cli;

import lcm.annotate.AnnotationPlan;
import lcm.annotate.Annotator;
import lcm.measure.CoRunnerMedians;
import lcm.annotate.FileChange;
import lcm.fit.CandidateTable;
import lcm.measure.MeasurementFormats;
import lcm.measure.MeasurementSet;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;

import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;

/**
 * {@code lcm annotate} (docs/annotate.md): fit every fragment's measurements and write the models
 * into the sources as comments, through a temporary file and an atomic rename, all files or none.
 */
@Command(name = "annotate", mixinStandardHelpOptions = true,
        description = {"Fit every fragment of the data (tag=) against its variables and write the models into the "
                + "sources as model lines in their own comment style, replacing the fragment's earlier model lines.",
                "Example: lcm annotate tp.f --data tp_synthetic.pp --diff"})
public final class AnnotateCommand implements Callable<Integer> {

    @ParentCommand
    private LcmCommand lcm;

    @Parameters(arity = "1..*", paramLabel = "SOURCE", description = "The sources of one program (Fortran or Java).")
    private List<Path> sources;

    @Mixin
    private SourceReadingOptions reading;

    @Option(names = {"--data", "-f"}, required = true, paramLabel = "DATA",
            description = "Measurements of the fragments: pp lines, CSV with a header, Extra-P text or JSON; tag= (or the callpath) names the fragment.")
    private Path data;

    @Option(names = "--diff", description = "Print the change as a unified diff and write nothing.")
    private boolean diff;

    @Mixin
    private FormsOption forms;

    @Mixin
    private DataFormatOption dataFormat;

    @Option(names = "--force", description = "Replace model lines that predict the data better than the new models, "
            + "and write read-only sources.")
    private boolean force;

    @Mixin
    private LoopCostOption loopCost;

    @Override
    public Integer call() {
        // what does not depend on the data is checked before the data are read (10^7 lines take seconds)
        CandidateTable table = forms.table(lcm.sources());
        var cost = loopCost.parsed(lcm.sources());
        sources.forEach(s -> lcm.sources().read(s));
        CoRunnerMedians coRunner = new CoRunnerMedians();
        MeasurementSet set = MeasurementFormats.read(data, dataFormat.reader(), lcm.sources(), coRunner);
        set.notes().forEach(lcm::warn);
        AnnotationPlan plan = new Annotator(lcm.sources(), table, reading.fortran()).force(force)
                .loopCost(cost).contention(coRunner.figures()).plan(sources, set);
        lcm.warn(plan.warnings());
        plan.notes().forEach(n -> lcm.err().println("lcm: note: " + n));
        if (diff) {
            lcm.out().print(plan.diff());
            if (!plan.changes()) {
                lcm.err().println("lcm: no changes: the sources hold these models already");
            }
            return ExitCode.OK;
        }
        lcm.out().print(plan.report());
        if (!plan.changes()) {
            lcm.err().println("lcm: no changes: the sources hold these models already");
            return ExitCode.OK;
        }
        Annotator.write(plan, force).forEach(lcm::warn);
        List<String> written = plan.files().stream().filter(FileChange::changed).map(f -> f.path().toString()).toList();
        lcm.err().println("lcm: wrote " + String.join(", ", written));
        return ExitCode.OK;
    }
}
