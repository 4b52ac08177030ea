package lcm.pipeline;

import lcm.annotate.Widths;
import lcm.width.FragmentWidths;
import lcm.dag.Dag;
import lcm.expr.Evaluator;
import lcm.expr.Expr;
import lcm.dag.Program;
import lcm.source.UserError;

import java.util.List;
import java.util.Map;
import java.util.OptionalDouble;

/**
 * The widths annotate gives observations of pp files written before lcm measure wrote
 * {@code width=} (their {@code p} is the run's processors, but a fragment's model is a function
 * of its width): composition's own rules ({@link FragmentWidths}) applied to the program that was
 * measured, which is the program named by {@code measured-in:} when the sources name one (the
 * data parallel FFT annotated from the task parallel runs: the runs' fragments had p/2), else
 * the program itself. Serial code (width 1 whatever p) is said so, and annotate does not fit its
 * old lines' ip, its idle partners, which composition charges to the parent as IP+.
 */
public final class MeasuredWidths implements Widths {

    /** The measured program's DAG; null: the annotated sources' own. */
    private final Dag measured;

    private MeasuredWidths(Dag measured) {
        this.measured = measured;
    }

    /** The rule for data measured in {@code program}'s measured-in program, else in {@code program}. */
    public static MeasuredWidths of(Program program) {
        return new MeasuredWidths(program.measuredIn().orElse(program).dag());
    }

    /**
     * The rule for the program of {@code files}, read as {@code pipeline} reads it; when it cannot
     * be read as a whole (its measured-in program lacks a fragment), the annotated sources decide.
     */
    public static MeasuredWidths of(Pipeline pipeline, List<java.nio.file.Path> files) {
        try {
            return of(pipeline.read(files, new lcm.source.Diagnostics()));
        } catch (UserError e) {
            return new MeasuredWidths(null);
        }
    }

    /** {@inheritDoc} The measured program's DAG, not {@code annotated}'s, decides. */
    @Override
    public OptionalDouble of(Dag annotated, String tag, Map<String, Double> point) {
        List<Double> widths;
        try {
            widths = FragmentWidths.at(measured == null ? annotated : measured, point).get(tag);
        } catch (UserError e) {
            return OptionalDouble.empty();
        }
        return widths != null && widths.size() == 1 ? OptionalDouble.of(widths.get(0)) : OptionalDouble.empty();
    }

    @Override
    public boolean serial(Dag annotated, String tag) {
        List<Expr> widths = FragmentWidths.expressions(measured == null ? annotated : measured).get(tag);
        if (widths == null || widths.size() != 1) {
            return false;
        }
        try {
            return Evaluator.eval(widths.get(0), Map.of()) == 1;
        } catch (Evaluator.Unbound e) {
            return false;
        }
    }
}
